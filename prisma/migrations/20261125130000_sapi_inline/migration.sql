-- The hot writes insert their sapi entry with plain SQL inside their own statement
-- (src/logs/sapi-statement.ts), planned once per connection with it: through this PL/pgSQL
-- wrapper, its INSERT function and tenant_log_change, each call ran several executor passes, about
-- three times the database CPU of the write itself. Nothing else calls it.
DROP FUNCTION tenant_log_write_entry(jsonb, jsonb);
