import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { checkAttributes, checkEmailUniqueKept } from './connection-attributes.js';
import { checkRequestingApp } from './cross-app-access.js';
import { connectionNotFound } from './connection-errors.js';
import { ConnectionsRepository, type ConnectionColumns, type ConnectionWithClients } from './connections.repository.js';
import { selectFields } from '../common/fields.js';
import {
  toConnectionView,
  toConnectionWithClientsView,
  type ConnectionView,
  type ConnectionWithClientsView,
} from './dto/connection.view.js';
import type { CreateConnectionDto } from './dto/create-connection.dto.js';
import type { FieldsQuery } from '../common/fields.js';
import type { ListClientConnectionsQuery, ListConnectionsQuery } from './dto/list-connections.query.js';
import { clientNotFound } from '../clients/client-errors.js';
import type { UpdateConnectionDto } from './dto/update-connection.dto.js';
import { CONNECTION_SETTINGS } from './dto/connection-purposes.dto.js';
import { settingsChange } from '../common/settings-change.js';
import { AppConfig } from '../config/app-config.js';
import { provisioningTicketUrl } from './provisioning-ticket.js';

// Recorded (2025-26): Auth0 gives these a display_name, their name, when the create has none; the
// other strategies have none until one is set.
const NAMED_BY_DEFAULT = new Set(['oidc', 'okta', 'waad']);

const view = ({ connection, enabledClients }: ConnectionWithClients): ConnectionWithClientsView =>
  toConnectionWithClientsView(connection, enabledClients);

@Injectable()
export class ConnectionsService {
  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly config: AppConfig,
  ) {}

  async create({ name, strategy, enabled_clients, ...settings }: CreateConnectionDto): Promise<ConnectionWithClientsView> {
    // Auth0: "If the array is empty or the property is not specified, the connection name will be added as realm."
    checkAttributes(strategy, settings.options);
    checkRequestingApp(strategy, settings.cross_app_access_requesting_app);
    const realms = settings.realms?.length ? settings.realms : [name];
    const columns = { ...columnsOf(settings), realms, options: settings.options ?? {}, name, strategy };
    if (columns.display_name === undefined && NAMED_BY_DEFAULT.has(strategy)) columns.display_name = name;
    const ticketUrl = provisioningTicketUrl(this.config.tenantDomain, strategy);
    if (ticketUrl && columns.settings) columns.settings.set.provisioning_ticket_url = ticketUrl;
    return view(await this.connections.create(newId('con'), columns, enabled_clients));
  }

  list(query: ListConnectionsQuery): Promise<ListResult<'connections', Partial<ConnectionView>>> {
    const window = pageWindow(query);
    const source = this.connections.pages({ strategies: query.strategy, name: query.name });
    return listPage('connections', window, source, (row) => selectFields(toConnectionView(row), query.fields, query.include_fields));
  }

  /** The connections enabled for a client, checkpoint paged as Auth0's; the client's 404 when there is none. */
  async listForClient(clientId: string, query: ListClientConnectionsQuery): Promise<ListResult<'connections', Partial<ConnectionView>>> {
    const window = pageWindow(query, 'checkpoint');
    if (!(await this.connections.clientExists(clientId))) throw clientNotFound();
    const source = this.connections.pages({ strategies: query.strategy, clientId });
    return listPage('connections', window, source, (row) => selectFields(toConnectionView(row), query.fields, query.include_fields));
  }

  async get(id: string, { fields, include_fields }: FieldsQuery): Promise<Partial<ConnectionWithClientsView>> {
    const found = await this.connections.findWithClients(id);
    if (!found) throw connectionNotFound();
    return selectFields(view(found), fields, include_fields);
  }

  /**
   * `options` replaces the stored options whole, as in Auth0; null clears them, as does a null `enabled_clients`.
   * A null `realms` or `is_domain_connection` (PATCH properties are nullable) puts back the default:
   * the connection's name as its realm, not a domain connection.
   */
  async update(id: string, { enabled_clients, options, ...settings }: UpdateConnectionDto): Promise<ConnectionWithClientsView> {
    const { realms, is_domain_connection } = settings as { realms?: string[] | null; is_domain_connection?: boolean | null };
    const columns: ConnectionColumns = columnsOf({
      ...settings,
      realms: realms ?? undefined,
      is_domain_connection: is_domain_connection === null ? false : is_domain_connection,
    });
    const requestingApp = settings.cross_app_access_requesting_app;
    if (options !== undefined || realms === null || realms?.length === 0 || requestingApp?.active === true) {
      const current = await this.connections.findById(id);
      if (!current) throw connectionNotFound();
      checkRequestingApp(current.strategy, requestingApp);
      if (options !== undefined) {
        columns.options = options ?? {};
        checkAttributes(current.strategy, columns.options);
        checkEmailUniqueKept(current.strategy, current.options, columns.options);
      }
      if (realms === null || realms?.length === 0) columns.realms = [current.name];
    }
    return view(await this.connections.update(id, columns, enabled_clients === null ? [] : enabled_clients));
  }

  /** True when it existed (Auth0 answers 202 then, 204 when there was nothing to delete). */
  remove(id: string): Promise<boolean> {
    return this.connections.delete(id);
  }
}

function columnsOf(settings: Omit<UpdateConnectionDto, 'enabled_clients' | 'options'>): ConnectionColumns {
  return {
    settings: settingsChange(settings, CONNECTION_SETTINGS),
    display_name: settings.display_name,
    is_domain_connection: settings.is_domain_connection,
    show_as_button: settings.show_as_button,
    realms: settings.realms,
    metadata: settings.metadata,
  };
}
