-- A hot management write can log itself inside its own statement: one autocommit statement that
-- changes the row and inserts its sapi entry is atomic like a request transaction, at the cost of
-- one round trip instead of three (BEGIN, the statement, the entry with COMMIT). Such a statement
-- describes its changed rows with tenant_log_change (the capture trigger now builds its changes
-- with it too, so both paths record the same shape) and writes the entry the service built with
-- tenant_log_write_entry.

-- One change as the entry holds it: the table, the operation, the row's key, and the row before
-- and after (for an update, only the columns that changed; NULL when none did), secrets redacted.
CREATE FUNCTION tenant_log_change(p_table text, p_op text, p_key jsonb, p_old jsonb, p_new jsonb)
RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  before_row jsonb := p_old;
  after_row jsonb := p_new;
BEGIN
  IF p_op = 'update' THEN
    -- Compared before redaction, so a new secret still shows as changed.
    SELECT coalesce(jsonb_object_agg(o.key, o.value), '{}'::jsonb) INTO before_row
      FROM jsonb_each(p_old) o WHERE p_new -> o.key IS DISTINCT FROM o.value;
    SELECT coalesce(jsonb_object_agg(n.key, n.value), '{}'::jsonb) INTO after_row
      FROM jsonb_each(p_new) n WHERE p_old -> n.key IS DISTINCT FROM n.value;
    IF after_row = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  END IF;
  RETURN jsonb_build_object('table', p_table, 'op', p_op, 'key', p_key,
                            'before', tenant_log_redact(before_row), 'after', tenant_log_redact(after_row));
END $$;

CREATE OR REPLACE FUNCTION tenant_log_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  row_key jsonb := '{}'::jsonb;
  change jsonb;
  i int;
  count int;
BEGIN
  IF current_setting('tenant_log.capture', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  old_row := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  FOR i IN 0 .. TG_NARGS - 1 LOOP
    row_key := row_key || jsonb_build_object(TG_ARGV[i], coalesce(new_row, old_row) -> TG_ARGV[i]);
  END LOOP;
  change := tenant_log_change(TG_TABLE_NAME, lower(TG_OP), row_key, old_row, new_row);
  IF change IS NULL THEN
    RETURN NULL;
  END IF;
  -- The first 100 rows are kept whole; past them only the count grows, so a write touching many
  -- rows (a connection and all its users) stays linear. The entry records the total.
  count := coalesce(nullif(current_setting('tenant_log.change_count', true), ''), '0')::int + 1;
  PERFORM set_config('tenant_log.change_count', count::text, true);
  IF count > 100 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('tenant_log.changes',
    (coalesce(nullif(current_setting('tenant_log.changes', true), ''), '[]')::jsonb || jsonb_build_array(change))::text,
    true);
  RETURN NULL;
END $$;

-- The entry (type, description, client_id, ip, user_agent, hostname, user_id, audience, scope,
-- details, as the service built it) with the statement's changes, through tenant_log_write, the
-- one INSERT into tenant_logs. A NULL entry (the statement ran outside a logged request) writes nothing.
CREATE FUNCTION tenant_log_write_entry(p_entry jsonb, p_changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb := coalesce(p_changes, '[]'::jsonb);
BEGIN
  IF p_entry IS NULL THEN
    RETURN;
  END IF;
  PERFORM tenant_log_write(
    p_entry ->> 'type', p_entry ->> 'description', p_entry ->> 'client_id', p_entry ->> 'ip',
    p_entry ->> 'user_agent', p_entry ->> 'hostname', p_entry ->> 'user_id', p_entry ->> 'audience',
    p_entry ->> 'scope',
    coalesce(p_entry -> 'details', '{}'::jsonb)
      || jsonb_build_object('changes', changes, 'changes_total', jsonb_array_length(changes)),
    false);
END $$;
