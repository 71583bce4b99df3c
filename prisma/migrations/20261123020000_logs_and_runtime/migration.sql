-- CreateTable
CREATE TABLE "tenant_logs" (
    "seq" BIGSERIAL NOT NULL,
    "tx_id" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
    "log_id" TEXT NOT NULL,
    "date" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" TEXT NOT NULL,
    "description" TEXT,
    "client_id" TEXT,
    "client_name" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "hostname" TEXT,
    "user_id" TEXT,
    "user_name" TEXT,
    "audience" TEXT,
    "scope" TEXT,
    "details" JSONB,

    CONSTRAINT "tenant_logs_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "tenant_logs_log_id_key" ON "tenant_logs"("log_id");

-- CreateIndex
CREATE INDEX "tenant_logs_date_idx" ON "tenant_logs"("date");

-- CreateIndex
CREATE INDEX "tenant_logs_tx_id_seq_idx" ON "tenant_logs"("tx_id", "seq");

-- CreateIndex
CREATE INDEX "tenant_logs_type_date_idx" ON "tenant_logs"("type", "date");

-- CreateIndex
CREATE INDEX "tenant_logs_client_id_date_idx" ON "tenant_logs"("client_id", "date");

-- CreateTable
CREATE TABLE "log_streams" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "sink" JSONB NOT NULL,
    "sink_secret" TEXT,
    "filters" JSONB,
    "is_priority" BOOLEAN NOT NULL DEFAULT false,
    "pii_config" JSONB,
    "cursor_tx" BIGINT NOT NULL DEFAULT 0,
    "cursor_seq" BIGINT NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "retry_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "log_streams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "action_executions" (
    "id" TEXT NOT NULL,
    "trigger_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "results" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "action_executions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "action_executions_created_at_idx" ON "action_executions"("created_at");

-- CreateTable
CREATE TABLE "action_cache" (
    "trigger_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "action_cache_pkey" PRIMARY KEY ("trigger_id","key")
);

-- CreateIndex
CREATE INDEX "action_cache_expires_at_idx" ON "action_cache"("expires_at");
