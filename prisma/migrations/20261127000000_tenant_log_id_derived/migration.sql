-- log_id becomes a rendering of (tx_id, seq) (src/logs/log-id.ts), which is what the trigger stored:
-- every logged write stops paying for the trigger, the column and its unique index. Dropping a
-- column rewrites nothing; lookups and paging by log_id go through tenant_logs_tx_id_seq_idx.
DROP TRIGGER tenant_logs_log_id ON tenant_logs;
DROP FUNCTION tenant_logs_set_log_id();
ALTER TABLE tenant_logs DROP COLUMN log_id;
