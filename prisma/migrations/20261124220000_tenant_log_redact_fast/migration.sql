-- The capture trigger redacted every row through a recursive SQL function, which PostgreSQL
-- re-plans on each call (SQL functions keep no plan across calls), once per column and nesting
-- level: most of a logged write's database time. A value whose text names no secret has nothing
-- to redact, so one regex over its text answers the common case; the recursive walk (renamed
-- tenant_log_redact_deep, its body unchanged) runs only for values that may hold a secret. Its
-- recursion still calls tenant_log_redact by name, now this function, so nested values take the
-- same shortcut.
ALTER FUNCTION tenant_log_redact(jsonb) RENAME TO tenant_log_redact_deep;

CREATE FUNCTION tenant_log_redact(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF value IS NULL OR value::text !~* '(secret|password|private_key|authorization)' THEN
    RETURN value;
  END IF;
  RETURN tenant_log_redact_deep(value);
END $$;
