import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { ConnectionsClient } from 'auth0/connections';
import { OrganizationsClient } from 'auth0/organizations';
import { ClientsClient as ClientsClientV6 } from 'auth0-v6/clients';
import { ConnectionsClient as ConnectionsClientV6 } from 'auth0-v6/connections';
import { OrganizationsClient as OrganizationsClientV6 } from 'auth0-v6/organizations';
import { newId } from '../../src/common/ids.js';
import type { PrismaService } from '../../src/database/prisma.service.js';

const unique = (): string => randomBytes(5).toString('hex');

/** Connections, and what hangs off them, written straight to the database with fresh unique values. */
export class ConnectionFactories {
  constructor(private readonly prisma: PrismaService) {}

  connection(overrides: { name?: string; strategy?: string; options?: object } = {}) {
    const name = overrides.name ?? `conn-${unique()}`;
    return this.prisma.connection.create({
      data: { id: newId('con'), name, strategy: overrides.strategy ?? 'auth0', options: overrides.options ?? {}, realms: [name] },
    });
  }

  /** `count` connections in one statement, returned ordered by id. */
  async connections(count: number, strategy = 'auth0'): Promise<string[]> {
    const rows = Array.from({ length: count }, () => ({ id: newId('con'), name: `bulk-${unique()}`, strategy }));
    await this.prisma.connection.createMany({ data: rows.map((row) => ({ ...row, realms: [row.name] })) });
    return rows.map((row) => row.id).sort();
  }

  organization() {
    return this.prisma.organization.create({ data: { id: newId('org'), name: `org-${unique()}` } });
  }

  client() {
    return this.prisma.client.create({
      data: {
        client_id: `client_${unique()}`,
        name: `client ${unique()}`,
        app_type: 'non_interactive',
        grant_types: ['client_credentials'],
        secret_hash: 'unusable',
      },
    });
  }

  user(connectionId: string) {
    return this.prisma.user.create({
      data: { user_id: `auth0|${randomBytes(12).toString('hex')}`, connection_id: connectionId, email: `${unique()}@example.com` },
    });
  }

  enable(organizationId: string, connectionId: string, fields: { assign_membership_on_login?: boolean; show_as_button?: boolean } = {}) {
    return this.prisma.organizationConnection.create({ data: { organization_id: organizationId, connection_id: connectionId, ...fields } });
  }

  enableClient(connectionId: string, clientId: string) {
    return this.prisma.connectionClient.create({ data: { connection_id: connectionId, client_id: clientId } });
  }
}

/** The official SDK v7's clients for this feature, on the app's loopback URL. */
export function sdkV7(baseUrl: string, token: string) {
  const options = { baseUrl, token, maxRetries: 0 };
  return { connections: new ConnectionsClient(options), organizations: new OrganizationsClient(options) };
}

/**
 * The SDK v6 (what a0deploy 8.44 resolves) as a0deploy holds it: a ManagementClient-like object
 * wrapped by a0deploy's own pagedClient, whose `paginate` and pools make exactly its requests.
 * (v6's ManagementClient itself only speaks https to a domain, so the resource clients are given the URL.)
 */
export function a0deployClient(baseUrl: string, token: string): A0DeployClient {
  const options = { baseUrl, token, maxRetries: 0 };
  const management = {
    connections: new ConnectionsClientV6(options),
    organizations: new OrganizationsClientV6(options),
    clients: new ClientsClientV6(options),
  };
  return a0deploy.client.default(management) as A0DeployClient;
}

export interface A0DeployClient {
  connections: ConnectionsClientV6;
  organizations: OrganizationsClientV6;
  clients: ClientsClientV6;
  pool: unknown;
}

/**
 * a0deploy's `paginate(this.client.<resource>.list, args)`: the method is passed unbound, as a0deploy
 * passes it (its pagedClient proxy hands out a closure over the resource client, so that works).
 */
export function paginate(client: A0DeployClient, resource: 'connections' | 'organizations', args: object): Promise<unknown[]> {
  const { list } = client[resource] as unknown as { list: unknown };
  return a0deploy.client.paginate(list, args);
}

const require = createRequire(import.meta.url);
const A0DEPLOY = 'auth0-deploy-cli/lib/tools/auth0';

interface Handler {
  getType(): Promise<unknown[]>;
  getClientFN(fn: 'create' | 'update'): (...args: unknown[]) => Promise<unknown>;
}
type HandlerClass = new (options: { client: unknown; config: (key: string) => unknown }) => Handler;

/** a0deploy's own modules, loaded as a0deploy loads them. */
export const a0deploy = {
  client: require(`${A0DEPLOY}/client`) as {
    default: (client: object) => unknown;
    paginate: (fn: unknown, args: object) => Promise<unknown[]>;
  },
  connections: require(`${A0DEPLOY}/handlers/connections`) as {
    getConnectionEnabledClients(client: unknown, connectionId: string): Promise<string[] | null>;
    updateConnectionEnabledClients(
      client: unknown,
      type: string,
      connectionId: string,
      ids: string[],
      existing?: unknown[],
    ): Promise<boolean>;
    processConnectionEnabledClients(client: unknown, type: string, existing: unknown[], changes: object, delayMs?: number): Promise<void>;
  },
  handler(name: 'databases' | 'organizations', client: A0DeployClient): Handler {
    const { default: Handler } = require(`${A0DEPLOY}/handlers/${name}`) as { default: HandlerClass };
    return new Handler({ client, config: () => undefined });
  },
};
