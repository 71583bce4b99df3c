-- Tenant log entries: a log_id sortable in commit-visibility order, and before/after capture.

-- log_id = '900' + 20-digit tx_id + 20-digit seq, so paging by log_id (checkpoint `from`) follows
-- (tx_id, seq). Set here because a column default cannot read the other columns' defaults; a
-- BEFORE trigger sees them, and NOT NULL is checked after it.
CREATE FUNCTION tenant_logs_set_log_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.log_id IS NULL OR NEW.log_id = '' THEN
    NEW.log_id := '900' || lpad(NEW.tx_id::text, 20, '0') || lpad(NEW.seq::text, 20, '0');
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER tenant_logs_log_id BEFORE INSERT ON tenant_logs
  FOR EACH ROW EXECUTE FUNCTION tenant_logs_set_log_id();

-- Secrets never reach a log entry: any key naming a secret, password, private key or
-- authorization, at any depth, keeps only whether it was set.
CREATE FUNCTION tenant_log_redact(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(value)
    WHEN 'object' THEN (
      SELECT coalesce(jsonb_object_agg(e.key,
        CASE WHEN e.key ~* '(secret|password|private_key|authorization)' AND e.value <> 'null'::jsonb
             THEN '"[REDACTED]"'::jsonb ELSE tenant_log_redact(e.value) END), '{}'::jsonb)
      FROM jsonb_each(value) e)
    WHEN 'array' THEN (SELECT coalesce(jsonb_agg(tenant_log_redact(a.value)), '[]'::jsonb) FROM jsonb_array_elements(value) a)
    ELSE value
  END
$$;

-- Row-level capture for management writes. Only a request transaction turns it on
-- (SET LOCAL tenant_log.capture = 'on', see src/database/request-transaction.ts), so writes made
-- elsewhere (token endpoint, delivery cursors, boot) pay one setting read. Each changed row (the
-- first 100) appends {table, op, key, before, after} to the transaction-local tenant_log.changes, which the
-- request's log entry reads in its INSERT: no extra round trip, and raw-SQL hot paths are covered.
-- TG_ARGV names the primary key columns.
CREATE FUNCTION tenant_log_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  before_row jsonb := old_row;
  after_row jsonb := new_row;
  row_key jsonb := '{}'::jsonb;
  i int;
  count int;
BEGIN
  IF current_setting('tenant_log.capture', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  FOR i IN 0 .. TG_NARGS - 1 LOOP
    row_key := row_key || jsonb_build_object(TG_ARGV[i], coalesce(new_row, old_row) -> TG_ARGV[i]);
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    -- Changed columns only, compared before redaction so a new secret still shows as changed.
    SELECT coalesce(jsonb_object_agg(o.key, o.value), '{}'::jsonb) INTO before_row
      FROM jsonb_each(old_row) o WHERE new_row -> o.key IS DISTINCT FROM o.value;
    SELECT coalesce(jsonb_object_agg(n.key, n.value), '{}'::jsonb) INTO after_row
      FROM jsonb_each(new_row) n WHERE old_row -> n.key IS DISTINCT FROM n.value;
    IF after_row = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  END IF;
  -- The first MAX rows are kept whole; past them only the count grows, so a write touching many
  -- rows (a connection and all its users) stays linear. The entry records the total.
  count := coalesce(nullif(current_setting('tenant_log.change_count', true), ''), '0')::int + 1;
  PERFORM set_config('tenant_log.change_count', count::text, true);
  IF count > 100 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('tenant_log.changes',
    (coalesce(nullif(current_setting('tenant_log.changes', true), ''), '[]')::jsonb
      || jsonb_build_array(jsonb_build_object(
           'table', TG_TABLE_NAME, 'op', lower(TG_OP), 'key', row_key,
           'before', tenant_log_redact(before_row), 'after', tenant_log_redact(after_row))))::text,
    true);
  RETURN NULL;
END $$;

CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON client_grants
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON organization_client_grants
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('organization_id', 'grant_id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON token_exchange_profiles
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('client_id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON resource_servers
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON connections
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON connection_clients
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('connection_id', 'client_id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON organization_connections
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('organization_id', 'connection_id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('user_id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON organization_members
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('organization_id', 'user_id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON signing_keys
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('kid');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON actions
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON action_versions
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
CREATE TRIGGER tenant_log_capture AFTER INSERT OR UPDATE OR DELETE ON log_streams
  FOR EACH ROW EXECUTE FUNCTION tenant_log_capture('id');
