-- A grant may allow every scope its API defines (allow_all_scopes), and a default grant
-- (default_for third_party_clients) names no client: Auth0 creates those without client_id.
ALTER TABLE "client_grants" ADD COLUMN "allow_all_scopes" BOOLEAN;
ALTER TABLE "client_grants" ALTER COLUMN "client_id" DROP NOT NULL;
-- One default grant per API and group, as one client grant per client and API.
CREATE UNIQUE INDEX "client_grants_default_for_audience_key" ON "client_grants" ("default_for", "audience") WHERE "client_id" IS NULL;
