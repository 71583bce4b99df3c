-- CreateTable
CREATE TABLE "organizations" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "display_name" TEXT,
    "branding" JSONB,
    "metadata" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_grants" (
    "id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "scope" TEXT[],
    "organization_usage" TEXT,
    "allow_any_organization" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organization_client_grants" (
    "organization_id" TEXT NOT NULL,
    "grant_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_client_grants_pkey" PRIMARY KEY ("organization_id","grant_id")
);

-- CreateTable
CREATE TABLE "token_exchange_profiles" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "subject_token_type" TEXT NOT NULL,
    "action_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "token_exchange_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organizations_name_key" ON "organizations"("name");

-- CreateIndex
CREATE UNIQUE INDEX "client_grants_client_id_audience_key" ON "client_grants"("client_id", "audience");

-- CreateIndex
CREATE INDEX "organization_client_grants_grant_id_idx" ON "organization_client_grants"("grant_id");

-- CreateIndex
CREATE UNIQUE INDEX "token_exchange_profiles_subject_token_type_key" ON "token_exchange_profiles"("subject_token_type");

-- AddForeignKey
ALTER TABLE "organization_client_grants" ADD CONSTRAINT "organization_client_grants_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organization_client_grants" ADD CONSTRAINT "organization_client_grants_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "client_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
