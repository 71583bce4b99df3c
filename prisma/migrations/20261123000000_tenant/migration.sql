-- Auth0's client object
ALTER TABLE "clients"
    ADD COLUMN "is_first_party" BOOLEAN NOT NULL DEFAULT true,
    ADD COLUMN "token_endpoint_auth_method" TEXT DEFAULT 'client_secret_post',
    ADD COLUMN "callbacks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "web_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "allowed_logout_urls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "allowed_clients" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "oidc_conformant" BOOLEAN NOT NULL DEFAULT true,
    ADD COLUMN "jwt_configuration" JSONB,
    ADD COLUMN "client_metadata" JSONB NOT NULL DEFAULT '{}',
    ADD COLUMN "token_exchange" JSONB,
    ADD COLUMN "organization_usage" TEXT,
    ADD COLUMN "organization_require_behavior" TEXT,
    ADD COLUMN "settings" JSONB NOT NULL DEFAULT '{}';

-- CreateIndex
CREATE INDEX "clients_app_type_idx" ON "clients"("app_type");

-- CreateTable
CREATE TABLE "resource_servers" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scopes" JSONB NOT NULL DEFAULT '[]',
    "signing_alg" TEXT NOT NULL DEFAULT 'RS256',
    "signing_secret" TEXT,
    "token_lifetime" INTEGER NOT NULL DEFAULT 86400,
    "token_lifetime_for_web" INTEGER NOT NULL DEFAULT 7200,
    "allow_offline_access" BOOLEAN NOT NULL DEFAULT false,
    "skip_consent_for_verifiable_first_party_clients" BOOLEAN NOT NULL DEFAULT false,
    "enforce_policies" BOOLEAN,
    "token_dialect" TEXT,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resource_servers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "resource_servers_identifier_key" ON "resource_servers"("identifier");

-- CreateTable
CREATE TABLE "connections" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "display_name" TEXT,
    "strategy" TEXT NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB,
    "realms" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_domain_connection" BOOLEAN NOT NULL DEFAULT false,
    "show_as_button" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "connections_name_key" ON "connections"("name");

-- CreateTable
CREATE TABLE "connection_clients" (
    "connection_id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connection_clients_pkey" PRIMARY KEY ("connection_id","client_id")
);

-- CreateIndex
CREATE INDEX "connection_clients_client_id_idx" ON "connection_clients"("client_id");

-- AddForeignKey
ALTER TABLE "connection_clients" ADD CONSTRAINT "connection_clients_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connection_clients" ADD CONSTRAINT "connection_clients_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("client_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "organization_connections" (
    "organization_id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "assign_membership_on_login" BOOLEAN NOT NULL DEFAULT false,
    "show_as_button" BOOLEAN NOT NULL DEFAULT true,
    "is_signup_enabled" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_connections_pkey" PRIMARY KEY ("organization_id","connection_id")
);

-- CreateIndex
CREATE INDEX "organization_connections_connection_id_idx" ON "organization_connections"("connection_id");

-- AddForeignKey
ALTER TABLE "organization_connections" ADD CONSTRAINT "organization_connections_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organization_connections" ADD CONSTRAINT "organization_connections_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "users" (
    "user_id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "email" TEXT,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "username" TEXT,
    "phone_number" TEXT,
    "given_name" TEXT,
    "family_name" TEXT,
    "name" TEXT,
    "nickname" TEXT,
    "picture" TEXT,
    "password_hash" TEXT,
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "app_metadata" JSONB NOT NULL DEFAULT '{}',
    "user_metadata" JSONB NOT NULL DEFAULT '{}',
    "last_login" TIMESTAMPTZ(3),
    "logins_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "users_email_idx" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_connection_id_email_key" ON "users"("connection_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "users_connection_id_username_key" ON "users"("connection_id", "username");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "organization_members" (
    "organization_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_members_pkey" PRIMARY KEY ("organization_id","user_id")
);

-- CreateIndex
CREATE INDEX "organization_members_user_id_idx" ON "organization_members"("user_id");

-- AddForeignKey
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
