-- Auth0 returns a client's secret on read to a token holding read:client_keys, and the tools
-- that manage clients (Terraform's client credentials, deploy-cli) read it back. The hash stays
-- the only thing authentication checks; this copy exists to be returned, stored the way signing
-- keys are (encrypted when KEY_ENCRYPTION_SECRET is set). Clients made before it have none until
-- their secret is rotated.
ALTER TABLE clients ADD COLUMN secret_stored text;
