-- Auth0 fields seen in its recorded traffic that the service stores and returns but gives no
-- behaviour yet (token_quota, third_party_client_access, organization_access_level,
-- authentication, connected_accounts, ...): kept as accepted, like clients' and resource
-- servers' `settings`, so a new field needs no new column until something reads it.
ALTER TABLE organizations ADD COLUMN settings jsonb NOT NULL DEFAULT '{}';
ALTER TABLE organization_connections ADD COLUMN settings jsonb NOT NULL DEFAULT '{}';
ALTER TABLE connections ADD COLUMN settings jsonb NOT NULL DEFAULT '{}';
