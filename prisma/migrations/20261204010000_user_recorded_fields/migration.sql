-- Auth0 answers `blocked` once a client has set it, false included, and leaves it out before:
-- null is "never set". Existing rows keep the value they have.
ALTER TABLE "users" ALTER COLUMN "blocked" DROP DEFAULT;
ALTER TABLE "users" ALTER COLUMN "blocked" DROP NOT NULL;

-- When the password was last changed through the Management API; Auth0 answers it from then on.
ALTER TABLE "users" ADD COLUMN "last_password_reset" TIMESTAMPTZ(3);
