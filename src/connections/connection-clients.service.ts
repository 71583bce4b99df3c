import { Injectable } from '@nestjs/common';
import { listPage, pageWindow, type CheckpointPage } from '../common/pagination/pagination.js';
import { connectionNotFound } from './connection-errors.js';
import { ConnectionsRepository } from './connections.repository.js';
import { readEnabledClientChanges, type EnabledClientView, type ListEnabledClientsQuery } from './dto/enabled-clients.dto.js';

/** /connections/{id}/clients: the clients a connection is enabled for, Auth0's replacement for `enabled_clients`. */
@Injectable()
export class ConnectionClientsService {
  constructor(private readonly connections: ConnectionsRepository) {}

  async list(id: string, query: ListEnabledClientsQuery): Promise<CheckpointPage<'clients', EnabledClientView>> {
    const window = pageWindow(query, 'checkpoint');
    if (!(await this.connections.findById(id))) throw connectionNotFound();
    const page = await listPage('clients', window, this.connections.enabledClientPages(id), (row) => ({ client_id: row.id }));
    return page as CheckpointPage<'clients', EnabledClientView>;
  }

  /** The body is validated before the connection is looked up, as the pipe does for DTO bodies. A client named twice takes its last status. */
  async update(id: string, body: unknown): Promise<void> {
    const statuses = new Map(readEnabledClientChanges(body).map((change) => [change.client_id, change.status]));
    const enable = [...statuses].filter(([, status]) => status).map(([clientId]) => clientId);
    const disable = [...statuses].filter(([, status]) => !status).map(([clientId]) => clientId);
    if (!(await this.connections.setClients(id, { enable, disable }))) throw connectionNotFound();
  }
}
