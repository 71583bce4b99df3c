-- Private-key clients (Auth0's private_key_jwt): a client's public keys, which of them
-- authenticate it, and the jti of every accepted client assertion until it expires, so a replayed
-- assertion is refused by every instance sharing this database.
ALTER TABLE "clients" ADD COLUMN "client_authentication_methods" JSONB;

CREATE TABLE "client_credentials" (
    "id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "name" TEXT,
    "kid" TEXT NOT NULL,
    "alg" TEXT NOT NULL,
    "credential_type" TEXT NOT NULL,
    "pem" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_credentials_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "client_credentials_client_id_idx" ON "client_credentials"("client_id");

-- A client's credentials go with it.
ALTER TABLE "client_credentials" ADD CONSTRAINT "client_credentials_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("client_id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "client_assertion_jtis" (
    "client_id" TEXT NOT NULL,
    "jti" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "client_assertion_jtis_pkey" PRIMARY KEY ("client_id","jti")
);

-- Purging expired entries walks this index, not the table.
CREATE INDEX "client_assertion_jtis_expires_at_idx" ON "client_assertion_jtis"("expires_at");

-- Credential writes are management writes, logged like the others (a public key holds no secret).
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON client_credentials
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
