-- Client grant fields Auth0 accepts and returns (seen in its own recorded traffic).

-- Whom the grant is for: `client` (client credentials, the only kind the token endpoint uses here)
-- or `user` (user flows; stored, no effect yet). Every grant so far was a client's.
ALTER TABLE client_grants ADD COLUMN subject_type text NOT NULL DEFAULT 'client';
-- RFC 9396 types the client may ask for (stored, no effect yet).
ALTER TABLE client_grants ADD COLUMN authorization_details_types text[] NOT NULL DEFAULT '{}';
-- `third_party_clients`: Auth0's grant every third-party client gets (stored, no effect yet).
ALTER TABLE client_grants ADD COLUMN default_for text;
