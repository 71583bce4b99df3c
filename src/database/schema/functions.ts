// Every function of the database, each in its one current definition. The migrator
// (src/database/migrator.ts) applies them after the migrations, on every start, under the same
// advisory lock: a definition changed here reaches every database at its next start, and a
// database migrated by an older version is brought up to it. Migrations keep the history; this file
// is what runs.
//
// Each definition is written as PostgreSQL prints it back (pg_get_functiondef), so the migrator can
// tell a current function from a stale one and leave the current ones untouched, and a test can
// hold the database against this file. CREATE OR REPLACE cannot rename a parameter or change a
// return type, and a new argument list makes a second function beside the old one: such a change
// also needs a migration that drops the old function first.
//
// Callers: tenant_log_write from src/logs/logs.repository.ts; tenant_log_capture from the triggers
// src/database/schema/captured-tables.ts declares. src/logs/redaction.ts applies the same secret rule
// as tenant_log_redact to request and response bodies, so a body and the row it wrote read alike.

// Secrets never reach a log entry. Most values name no secret at all, so one regex over their text
// answers them; only a value that may hold one is walked (tenant_log_redact_deep). PL/pgSQL keeps
// its plan across calls, where a recursive SQL function is planned again at each level.
const TENANT_LOG_REDACT = `CREATE OR REPLACE FUNCTION public.tenant_log_redact(value jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
BEGIN
  IF value IS NULL OR value::text !~* '(secret|password|private_key|authorization)' THEN
    RETURN value;
  END IF;
  RETURN tenant_log_redact_deep(value);
END $function$
`;

// Any key naming a secret, password, private key or authorization, at any depth, keeps only
// whether it was set. Nested values go back through tenant_log_redact, so they take its shortcut.
const TENANT_LOG_REDACT_DEEP = `CREATE OR REPLACE FUNCTION public.tenant_log_redact_deep(value jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE jsonb_typeof(value)
    WHEN 'object' THEN (
      SELECT coalesce(jsonb_object_agg(e.key,
        CASE WHEN e.key ~* '(secret|password|private_key|authorization)' AND e.value <> 'null'::jsonb
             THEN '"[REDACTED]"'::jsonb ELSE tenant_log_redact(e.value) END), '{}'::jsonb)
      FROM jsonb_each(value) e)
    WHEN 'array' THEN (SELECT coalesce(jsonb_agg(tenant_log_redact(a.value)), '[]'::jsonb) FROM jsonb_array_elements(value) a)
    ELSE value
  END
$function$
`;

// One change as an entry's details.changes holds it: the table, the operation, the row's key, and
// the row before and after (for an update only the columns that changed, NULL when none did),
// secrets redacted.
const TENANT_LOG_CHANGE = `CREATE OR REPLACE FUNCTION public.tenant_log_change(p_table text, p_op text, p_key jsonb, p_old jsonb, p_new jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
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
END $function$
`;

// The row trigger of every captured table. Only a management write's transaction turns it on
// (SET LOCAL tenant_log.capture = 'on'), so writes made elsewhere (the token endpoint, delivery
// cursors, the boot) pay one setting read. Each changed row is appended to the transaction-local
// tenant_log.changes, which the write's entry reads in its INSERT (tenant_log_write): no round
// trip, and a raw statement is captured like a Prisma one. TG_ARGV names the key columns.
const TENANT_LOG_CAPTURE = `CREATE OR REPLACE FUNCTION public.tenant_log_capture()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$
`;

// The one INSERT into tenant_logs. A call with parameters, so PostgreSQL plans the INSERT once per
// connection, not per entry. The client's and organization's names are read inside it (an unknown
// organization id a request named is not recorded as an organization), and, inside a write's
// transaction (p_with_changes), the rows its capture triggers recorded.
const TENANT_LOG_WRITE = `CREATE OR REPLACE FUNCTION public.tenant_log_write(p_type text, p_description text, p_client_id text, p_ip text, p_user_agent text, p_hostname text, p_user_id text, p_audience text, p_scope text, p_organization_id text, p_details jsonb, p_with_changes boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO tenant_logs (type, description, client_id, client_name, ip, user_agent, hostname, user_id, audience, scope,
                           organization_id, organization_name, details)
  VALUES (p_type, p_description, p_client_id, (SELECT name FROM clients WHERE client_id = p_client_id),
          p_ip, p_user_agent, p_hostname, p_user_id, p_audience, p_scope,
          (SELECT id FROM organizations WHERE id = p_organization_id),
          (SELECT name FROM organizations WHERE id = p_organization_id),
          CASE WHEN p_with_changes
               THEN p_details || jsonb_build_object(
                 'changes', coalesce(nullif(current_setting('tenant_log.changes', true), '')::jsonb, '[]'::jsonb),
                 'changes_total', coalesce(nullif(current_setting('tenant_log.change_count', true), ''), '0')::int)
               ELSE p_details END);
END $function$
`;

/**
 * In the order they are created: a SQL function's body is checked against the functions it calls
 * when it is created, so tenant_log_redact_deep comes after tenant_log_redact.
 */
export const FUNCTIONS: readonly string[] = [
  TENANT_LOG_REDACT,
  TENANT_LOG_REDACT_DEEP,
  TENANT_LOG_CHANGE,
  TENANT_LOG_CAPTURE,
  TENANT_LOG_WRITE,
];
