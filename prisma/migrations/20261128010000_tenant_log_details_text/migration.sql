-- A log entry's details become text: only the service writes them (JSON.stringify, row_to_json,
-- jsonb from tenant_log_write), and the reads cast them back to json, so checking them as json on
-- every logged write only cost that write a parse of its details (bench/NOTES.md, "Issue 11:
-- cheaper changes, one index fewer, details as text"). Rewrites the table once.
ALTER TABLE tenant_logs ALTER COLUMN details TYPE text;
