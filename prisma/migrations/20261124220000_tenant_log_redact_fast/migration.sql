-- The capture trigger redacted every row through a recursive SQL function, which PostgreSQL
-- re-plans on each call (SQL functions keep no plan across calls), once per column and nesting
-- level: most of a logged write's database time. A row whose text names no secret has nothing to
-- redact, so one regex over its text answers the common case; the recursive walk (now
-- tenant_log_redact_deep) runs only for rows that may hold a secret.
ALTER FUNCTION tenant_log_redact(jsonb) RENAME TO tenant_log_redact_deep;

CREATE OR REPLACE FUNCTION tenant_log_redact_deep(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(value)
    WHEN 'object' THEN (
      SELECT coalesce(jsonb_object_agg(e.key,
        CASE WHEN e.key ~* '(secret|password|private_key|authorization)' AND e.value <> 'null'::jsonb
             THEN '"[REDACTED]"'::jsonb ELSE tenant_log_redact_deep(e.value) END), '{}'::jsonb)
      FROM jsonb_each(value) e)
    WHEN 'array' THEN (SELECT coalesce(jsonb_agg(tenant_log_redact_deep(a.value)), '[]'::jsonb) FROM jsonb_array_elements(value) a)
    ELSE value
  END
$$;

CREATE FUNCTION tenant_log_redact(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF value IS NULL OR value::text !~* '(secret|password|private_key|authorization)' THEN
    RETURN value;
  END IF;
  RETURN tenant_log_redact_deep(value);
END $$;
