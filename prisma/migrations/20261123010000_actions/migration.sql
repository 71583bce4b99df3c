-- CreateTable
CREATE TABLE "actions" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "supported_triggers" JSONB NOT NULL,
    "code" TEXT NOT NULL DEFAULT '',
    "runtime" TEXT NOT NULL DEFAULT 'node22',
    "dependencies" JSONB NOT NULL DEFAULT '[]',
    "secrets" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'built',
    "errors" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "actions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "actions_name_key" ON "actions"("name");

-- CreateTable
CREATE TABLE "action_versions" (
    "id" TEXT NOT NULL,
    "action_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "runtime" TEXT NOT NULL,
    "dependencies" JSONB NOT NULL,
    "secrets" JSONB NOT NULL,
    "supported_triggers" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "deployed" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "action_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "action_versions_action_id_number_key" ON "action_versions"("action_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "action_versions_deployed_key" ON "action_versions"("action_id", "deployed");

-- AddForeignKey
ALTER TABLE "action_versions" ADD CONSTRAINT "action_versions_action_id_fkey" FOREIGN KEY ("action_id") REFERENCES "actions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
