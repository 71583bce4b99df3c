-- An entry's key becomes (tx_id, seq), the order log_id, checkpoints and delivery follow: one index
-- instead of seq's unique index beside a plain (tx_id, seq) one, so every logged write maintains one
-- index fewer. Nothing looked an entry up by seq alone. The new key's index is built once here.
ALTER TABLE tenant_logs DROP CONSTRAINT tenant_logs_pkey;
DROP INDEX tenant_logs_tx_id_seq_idx;
ALTER TABLE tenant_logs ADD CONSTRAINT tenant_logs_pkey PRIMARY KEY (tx_id, seq);
