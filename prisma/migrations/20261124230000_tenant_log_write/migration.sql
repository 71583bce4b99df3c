-- A request's log entry travels with its COMMIT as a statement without parameters (one round
-- trip), so PostgreSQL parsed and planned the whole INSERT on every write. Inside a PL/pgSQL
-- function the INSERT's plan is prepared once per connection; the statement sent is only a call.
CREATE FUNCTION tenant_log_write(
  p_type text, p_description text, p_client_id text, p_ip text, p_user_agent text, p_hostname text,
  p_user_id text, p_audience text, p_scope text, p_details jsonb, p_with_changes boolean
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_logs (type, description, client_id, client_name, ip, user_agent, hostname, user_id, audience, scope, details)
  VALUES (p_type, p_description, p_client_id, (SELECT name FROM clients WHERE client_id = p_client_id),
          p_ip, p_user_agent, p_hostname, p_user_id, p_audience, p_scope,
          CASE WHEN p_with_changes
               THEN p_details || jsonb_build_object(
                 'changes', coalesce(nullif(current_setting('tenant_log.changes', true), '')::jsonb, '[]'::jsonb),
                 'changes_total', coalesce(nullif(current_setting('tenant_log.change_count', true), ''), '0')::int)
               ELSE p_details END);
END $$;
