-- Auth0's organization-owned roles: a role is the tenant's or one organization's, fixed at create,
-- and goes with its organization.
ALTER TABLE "roles" ADD COLUMN "owner_id" TEXT;
ALTER TABLE "roles" ADD CONSTRAINT "roles_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "roles_owner_id_idx" ON "roles"("owner_id");
