import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Connection } from '../../generated/prisma/client.js';

/**
 * A connection as Auth0 returns it; properties never set are absent. `enabled_clients` (deprecated by
 * Auth0 in favour of GET /connections/{id}/clients) is on single-connection answers only, as in
 * Auth0's current schema: its list items have none.
 */
export class ConnectionView {
  @ApiPropertyOptional({ description: "The connection's identifier" }) id?: string;
  @ApiPropertyOptional({ description: 'The name of the connection' }) name?: string;
  @ApiPropertyOptional({ description: 'Connection name used in login screen' }) display_name?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'The connection options, as given.' })
  options?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'The type of the connection, related to the identity provider' }) strategy?: string;
  @ApiPropertyOptional({ type: [String], description: 'Defines the realms for which the connection will be used (ie: email domains).' })
  realms?: string[];
  @ApiPropertyOptional({ description: 'True if the connection is domain level' }) is_domain_connection?: boolean;
  @ApiPropertyOptional({ description: 'Enables showing a button for the connection in the login page (new experience only).' })
  show_as_button?: boolean;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Metadata associated with the connection.',
  })
  metadata?: Record<string, string>;
  // Kept in the `settings` column and returned as accepted; absent until set.
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) authentication?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) connected_accounts?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) cross_app_access_requesting_app?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) cross_app_access_resource_app?: Record<string, unknown>;
  @ApiPropertyOptional({ description: "Enterprise strategies' provisioning ticket URL, made at creation (read-only)." })
  provisioning_ticket_url?: string;
}

export class ConnectionWithClientsView extends ConnectionView {
  @ApiPropertyOptional({
    type: [String],
    description:
      'DEPRECATED property. Use the GET /connections/:id/clients endpoint to get the ids of the clients for which the connection is enabled',
  })
  enabled_clients?: string[];
}

// Auth0 answers show_as_button false for an enterprise connection that never set it, and leaves it out for the others.
const ENTERPRISE_STRATEGIES = new Set([
  'ad',
  'adfs',
  'auth0-oidc',
  'google-apps',
  'ip',
  'oidc',
  'okta',
  'pingfederate',
  'samlp',
  'sharepoint',
  'waad',
]);

export function toConnectionView(row: Connection): ConnectionView {
  const view: ConnectionView = { id: row.id, name: row.name };
  if (row.display_name !== null) view.display_name = row.display_name;
  view.options = row.options as Record<string, unknown>;
  view.strategy = row.strategy;
  view.realms = row.realms;
  view.is_domain_connection = row.is_domain_connection;
  if (row.show_as_button !== null) view.show_as_button = row.show_as_button;
  else if (ENTERPRISE_STRATEGIES.has(row.strategy)) view.show_as_button = false;
  if (row.metadata !== null) view.metadata = row.metadata as Record<string, string>;
  return Object.assign(view, PURPOSE_DEFAULTS, row.settings as Record<string, unknown>);
}

// What Auth0 answers for a connection whose purposes were never set: used to sign in, not for connected accounts.
const PURPOSE_DEFAULTS = { authentication: { active: true }, connected_accounts: { active: false } } as const;

export function toConnectionWithClientsView(row: Connection, enabledClients: string[]): ConnectionWithClientsView {
  const { id, name, display_name, options, strategy, realms, ...rest } = toConnectionView(row);
  return { id, name, display_name, options, strategy, realms, enabled_clients: enabledClients, ...rest };
}

/** Auth0's answer to a delete it accepted. */
export class ConnectionDeletedView {
  @ApiProperty({ description: 'When the connection was deleted (ISO 8601)' }) deleted_at: string;
}
