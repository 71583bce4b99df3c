-- Organizations for M2M applications (issue 46).

-- Auth0's client.default_organization, {organization_id, flows}, kept as the object Auth0 answers:
-- the token endpoint reads it with the client's row it already reads (no second statement), and
-- whether the organization still exists is asked per token request, so no foreign key is needed.
ALTER TABLE clients ADD COLUMN default_organization jsonb;

-- Auth0's log event fields for the organization a token request named.
ALTER TABLE tenant_logs ADD COLUMN organization_id text, ADD COLUMN organization_name text;

-- tenant_log_write (20261124230000_tenant_log_write) with the organization: its id and name are
-- read inside the INSERT, like the client's name, and only for an organization that exists, so an
-- unknown id a request named never reads as an organization.
DROP FUNCTION tenant_log_write(text, text, text, text, text, text, text, text, text, jsonb, boolean);
CREATE FUNCTION tenant_log_write(
  p_type text, p_description text, p_client_id text, p_ip text, p_user_agent text, p_hostname text,
  p_user_id text, p_audience text, p_scope text, p_organization_id text, p_details jsonb, p_with_changes boolean
) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
