-- A log entry's details are written once and read back whole, never searched inside: json keeps
-- the text as written (checked, not converted). The hot writes put their entry's details together
-- as text in their own statement (src/logs/sapi-statement.ts); as jsonb, PostgreSQL parsed and
-- re-encoded them, which cost more than the write itself (bench/NOTES.md, "Issue 11: a cheaper
-- entry"). tenant_log_write still builds jsonb; the assignment cast turns it into json text.
-- Rewrites the table once.
ALTER TABLE tenant_logs ALTER COLUMN details TYPE json USING details::json;
