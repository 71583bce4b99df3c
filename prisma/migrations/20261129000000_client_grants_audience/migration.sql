-- Every instance reads the clients holding a grant for the Management API every 2 s (GlobalClients);
-- the unique (client_id, audience) index cannot find a grant by its audience alone, so that read
-- walked every grant of the tenant.
CREATE INDEX "client_grants_audience_idx" ON "client_grants"("audience");
