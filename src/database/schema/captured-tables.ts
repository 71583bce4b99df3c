// Which tables a management write's tenant log entry captures (details.changes), declared once.
// The migrator gives each captured table the row trigger tenant_log_capture
// (src/database/schema/functions.ts), keyed by the table's primary key, and takes it off any other
// table. Every table of the schema is in exactly one of the two lists: a test fails on a table in
// neither, so a new table is captured, or left out with its reason, by whoever adds it.

/** Every table a management write can change, directly or through a foreign key's cascade. */
export const CAPTURED_TABLES: readonly string[] = [
  'action_versions',
  'actions',
  'client_credentials',
  'client_grants',
  'clients',
  'connection_clients',
  'connections',
  'log_streams',
  'organization_client_grants',
  'organization_connections',
  'organization_member_roles',
  'organization_members',
  'organizations',
  // Removed with their user (cascade).
  'password_reset_tickets',
  // DELETE /refresh-tokens/{id} and /users/{id}/refresh-tokens, and a deleted user, client or grant's tokens (cascade).
  'refresh_tokens',
  'resource_servers',
  // Removed with their role, user or resource server (cascade), and with a scope a resource server update drops.
  'role_permissions',
  'roles',
  'signing_keys',
  'token_exchange_profiles',
  'user_permissions',
  'user_roles',
  'users',
];

/** The tables no management write changes, each with why it is not captured. */
export const UNCAPTURED_TABLES: Readonly<Record<string, string>> = {
  tenant_logs: 'the log itself: an entry is not a change of the tenant',
  _prisma_migrations: 'the migration ledger, written by the migrator at start, never by a request',
  action_executions: 'written by the action runtime while a token request runs an action; read through the executions API',
  action_cache: "an action's api.cache, written while a token request runs it",
  client_assertion_jtis: 'the replay guard of accepted client assertions, written by the token endpoint and purged on expiry',
};
