import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Connection, Prisma } from '../generated/prisma/client.js';
import { changesSettings, type SettingsChange } from '../common/settings-change.js';
import { connectionNameTaken, connectionNotFound } from './connection-errors.js';

// The unique index decides name conflicts, so two concurrent creates cannot both win.
const failed = mapDatabaseErrors({
  constraints: {
    connections_name_key: connectionNameTaken,
    // The connection deleted while its clients were being written.
    connection_clients_connection_id_fkey: connectionNotFound,
  },
  recordNotFound: connectionNotFound,
});

/** The columns a create or update writes; an absent property leaves its column as it is. */
export interface ConnectionColumns {
  display_name?: string;
  options?: object;
  is_domain_connection?: boolean;
  show_as_button?: boolean;
  realms?: string[];
  metadata?: Record<string, string>;
  settings?: SettingsChange;
}

interface ConnectionFilter {
  strategies?: string[];
  name?: string;
  /** Only the connections enabled for this client (GET /clients/{id}/connections). */
  clientId?: string;
}

/** A connection with the ids of the clients it is enabled for. */
export interface ConnectionWithClients {
  connection: Connection;
  enabledClients: string[];
}

type Tx = Prisma.TransactionClient;

/** A connection as a token exchange's setUserByConnection needs it: its id, its strategy, whether the client may use it. */
interface ConnectionForClient {
  id: string;
  strategy: string;
  enabled: boolean;
}

// One statement through the pool, as the token endpoint's other reads: Prisma would build three.
const FOR_CLIENT_SQL = `
  SELECT c.id, c.strategy,
         EXISTS (SELECT 1 FROM connection_clients e WHERE e.connection_id = c.id AND e.client_id = $2) AS enabled
    FROM connections c WHERE c.name = $1`;

/** The connections table and its enabled clients; other features (users) find a connection through here, never by their own statements. */
@Injectable()
export class ConnectionsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  async findById(id: string): Promise<Connection | undefined> {
    return (await this.txHost.tx.connection.findUnique({ where: { id } })) ?? undefined;
  }

  async findByName(name: string): Promise<Connection | undefined> {
    return (await this.txHost.tx.connection.findUnique({ where: { name } })) ?? undefined;
  }

  async findForClient(name: string, clientId: string): Promise<ConnectionForClient | undefined> {
    return (await this.prisma.sql<ConnectionForClient>(FOR_CLIENT_SQL, [name, clientId])).at(0);
  }

  /** The connection and, in the same transaction, its enabled clients (those that exist). */
  create(
    id: string,
    fields: ConnectionColumns & { name: string; strategy: string },
    clients: string[] = [],
  ): Promise<ConnectionWithClients> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        const { settings, ...columns } = fields;
        const connection = await tx.connection.create({
          data: { id, ...columns, settings: (settings?.set ?? {}) as Prisma.InputJsonValue },
        });
        await enable(tx, id, clients);
        return { connection, enabledClients: await enabledIds(tx, id) };
      })
      .catch(failed);
  }

  /** Ordered by id, the unique key, so neither paging style repeats or skips a connection. */
  pages(filter: ConnectionFilter): PageSource<Connection> {
    const where: Prisma.ConnectionWhereInput = {
      ...(filter.strategies ? { strategy: { in: filter.strategies } } : {}),
      ...(filter.name !== undefined ? { name: filter.name } : {}),
      ...(filter.clientId !== undefined ? { enabled_clients: { some: { client_id: filter.clientId } } } : {}),
    };
    return {
      rows: ({ skip, take, afterId }) =>
        this.txHost.tx.connection.findMany({
          where: afterId ? { AND: [where, { id: { gt: afterId } }] } : where,
          orderBy: { id: 'asc' },
          skip,
          take,
        }),
      count: () => this.txHost.tx.connection.count({ where }),
    };
  }

  async clientExists(clientId: string): Promise<boolean> {
    return (await this.txHost.tx.client.count({ where: { client_id: clientId } })) > 0;
  }

  async findWithClients(id: string): Promise<ConnectionWithClients | undefined> {
    const connection = await this.txHost.tx.connection.findUnique({ where: { id } });
    return connection ? { connection, enabledClients: await enabledIds(this.prisma, id) } : undefined;
  }

  /**
   * Throws the 404 when there is no such connection. `clients`, when given, replaces the enabled
   * clients (Auth0's deprecated `enabled_clients`), in the same transaction as the update.
   */
  update(id: string, fields: ConnectionColumns, clients?: string[]): Promise<ConnectionWithClients> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        const { settings, ...columns } = fields;
        // Merged in the statement (jsonb || and -), so concurrent PATCHes of different keys both stay.
        if (settings && changesSettings(settings))
          await tx.$executeRaw`UPDATE connections SET settings = (settings || ${JSON.stringify(settings.set)}::jsonb) - ${settings.unset}::text[] WHERE id = ${id}`;
        const connection = await tx.connection.update({ where: { id }, data: { ...columns, updated_at: new Date() } });
        if (clients) {
          await tx.connectionClient.deleteMany({ where: { connection_id: id } });
          await enable(tx, id, clients);
        }
        return { connection, enabledClients: await enabledIds(tx, id) };
      })
      .catch(failed);
  }

  /** Its users, enabled clients and organization links go with it (ON DELETE CASCADE); false when there was none. */
  async delete(id: string): Promise<boolean> {
    const { count } = await this.txHost.tx.connection.deleteMany({ where: { id } });
    return count > 0;
  }

  /** The clients a connection is enabled for, ordered by client_id (checkpoint paging). */
  enabledClientPages(connectionId: string): PageSource<{ id: string }> {
    return {
      rows: async ({ skip, take, afterId }) => {
        const rows = await this.txHost.tx.connectionClient.findMany({
          where: { connection_id: connectionId, ...(afterId ? { client_id: { gt: afterId } } : {}) },
          orderBy: { client_id: 'asc' },
          select: { client_id: true },
          skip,
          take,
        });
        return rows.map((row) => ({ id: row.client_id }));
      },
      count: () => this.txHost.tx.connectionClient.count({ where: { connection_id: connectionId } }),
    };
  }

  /** Enables and disables clients in one transaction; false when the connection does not exist. */
  setClients(connectionId: string, changes: { enable: string[]; disable: string[] }): Promise<boolean> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM connections WHERE id = ${connectionId} FOR UPDATE`;
        if (locked.length === 0) return false;
        if (changes.disable.length > 0)
          await tx.connectionClient.deleteMany({ where: { connection_id: connectionId, client_id: { in: changes.disable } } });
        await enable(tx, connectionId, changes.enable);
        return true;
      })
      .catch(failed);
  }
}

/**
 * Links the clients that exist; an id naming no client is skipped (ours: the table keeps only real
 * clients, and a0deploy passes an unresolved client name through as if it were an id).
 */
async function enable(tx: Tx, connectionId: string, clientIds: string[]): Promise<void> {
  if (clientIds.length === 0) return;
  const known = await tx.client.findMany({ where: { client_id: { in: clientIds } }, select: { client_id: true } });
  if (known.length === 0) return;
  await tx.connectionClient.createMany({
    data: known.map(({ client_id }) => ({ connection_id: connectionId, client_id })),
    skipDuplicates: true,
  });
}

async function enabledIds(db: Pick<Tx, 'connectionClient'>, connectionId: string): Promise<string[]> {
  const rows = await db.connectionClient.findMany({
    where: { connection_id: connectionId },
    orderBy: { client_id: 'asc' },
    select: { client_id: true },
  });
  return rows.map((row) => row.client_id);
}
