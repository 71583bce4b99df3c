-- Refresh tokens, stored by the SHA-256 of their value only.

CREATE TABLE refresh_tokens (
  id                 text PRIMARY KEY,
  token_hash         text NOT NULL,
  family_id          text NOT NULL,
  client_id          text NOT NULL,
  user_id            text NOT NULL,
  audience           text NOT NULL,
  scope              text[] NOT NULL,
  rotating           boolean NOT NULL,
  organization       jsonb,
  expires_at         timestamptz(3),
  idle_expires_at    timestamptz(3),
  last_exchanged_at  timestamptz(3),
  rotated_at         timestamptz(3),
  initial_ip         text,
  initial_user_agent text,
  last_ip            text,
  last_user_agent    text,
  created_at         timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  -- Deleting the user, the client or the client's grant for the API revokes its refresh tokens,
  -- in the same statement, on every instance. Declared here only: the Prisma models they point
  -- at carry no back-relation.
  CONSTRAINT refresh_tokens_client_id_fkey FOREIGN KEY (client_id) REFERENCES clients (client_id) ON DELETE CASCADE,
  CONSTRAINT refresh_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (user_id) ON DELETE CASCADE,
  CONSTRAINT refresh_tokens_grant_fkey FOREIGN KEY (client_id, audience)
    REFERENCES client_grants (client_id, audience) ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX refresh_tokens_token_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_client_id_audience_idx ON refresh_tokens (client_id, audience);
