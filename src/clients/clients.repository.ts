import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { columnList } from '../database/column-list.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Client, Prisma } from '../generated/prisma/client.js';
import { clientNotFound } from './client-errors.js';

const failed = mapDatabaseErrors({ recordNotFound: clientNotFound });

/** The list filters of GET /clients, already read from the query. */
export interface ClientFilter {
  isFirstParty?: boolean;
  appTypes?: string[];
  clientIds?: string[];
  /** A filter nothing matches (is_global=true: there is no global client). */
  nothing?: boolean;
}

function whereOf({ isFirstParty, appTypes, clientIds, nothing }: ClientFilter): Prisma.ClientWhereInput {
  if (nothing) return { client_id: { in: [] } };
  return {
    ...(isFirstParty !== undefined ? { is_first_party: isFirstParty } : {}),
    ...(appTypes ? { app_type: { in: appTypes } } : {}),
    ...(clientIds ? { client_id: { in: clientIds } } : {}),
  };
}

const FIND_SQL = `SELECT ${columnList<Client>()(
  'client_id',
  'name',
  'description',
  'app_type',
  'grant_types',
  'secret_hash',
  'secret_stored',
  'created_at',
  'updated_at',
  'is_first_party',
  'token_endpoint_auth_method',
  'callbacks',
  'allowed_origins',
  'web_origins',
  'allowed_logout_urls',
  'allowed_clients',
  'oidc_conformant',
  'jwt_configuration',
  'client_metadata',
  'token_exchange',
  'organization_usage',
  'organization_require_behavior',
  'default_organization',
  'settings',
  'client_authentication_methods',
  'signed_request_object',
)} FROM clients WHERE client_id = $1`;
// Two texts, not `$2 IS NULL OR c.client_id = $2`: a named statement's generic plan cannot tell
// which case it serves, and planned both as a scan of every client and grant.
const ALL_WITH_GRANT_SQL = `
  SELECT c.client_id FROM clients c JOIN client_grants g ON g.client_id = c.client_id AND g.audience = $1`;
const ONE_WITH_GRANT_SQL = `${ALL_WITH_GRANT_SQL} WHERE c.client_id = $2`;

// Serialises the "is the tenant empty?" check across instances booting at the same moment.
const FIRST_CLIENT_LOCK_KEY = 72707370;

/**
 * The clients table. A client's grants are created and deleted with it here, where the two
 * statements must agree in one transaction; every other grant statement is ClientGrantsRepository's.
 */
@Injectable()
export class ClientsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  create(data: Prisma.ClientCreateInput): Promise<Client> {
    return this.txHost.tx.client.create({ data });
  }

  /** Whether the tenant holds any client. */
  async any(): Promise<boolean> {
    return (await this.txHost.tx.client.findFirst({ select: { client_id: true } })) !== null;
  }

  /** Inserts the client and its grant only while the tenant has no client at all; false when it had one. */
  createFirst(client: Prisma.ClientCreateInput, grant: Prisma.ClientGrantCreateInput): Promise<boolean> {
    return this.txHost.withTransaction(Propagation.Nested, async () => {
      const tx = this.txHost.tx;
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_CLIENT_LOCK_KEY})`;
      if ((await tx.client.count()) > 0) return false;
      await tx.client.create({ data: client });
      await tx.clientGrant.create({ data: grant });
      return true;
    });
  }

  /** Ordered by client_id, the unique key, so pages stay stable while clients are added. */
  pages(filter: ClientFilter = {}): PageSource<Client & { id: string }> {
    const where = whereOf(filter);
    return {
      rows: async ({ skip, take, afterId }) => {
        const rows = await this.txHost.tx.client.findMany({
          where: afterId ? { AND: [where, { client_id: { gt: afterId } }] } : where,
          orderBy: { client_id: 'asc' },
          skip,
          take,
        });
        return rows.map((row) => ({ ...row, id: row.client_id }));
      },
      count: () => this.txHost.tx.client.count({ where }),
    };
  }

  /** Clients holding a grant that is associated with the organization, or one that allows any organization. */
  async withGrantMatching(match: { organizationId: string } | { allowAnyOrganization: true }): Promise<string[]> {
    const grants = await this.txHost.tx.clientGrant.findMany({
      where:
        'organizationId' in match
          ? { organizations: { some: { organization_id: match.organizationId } } }
          : { allow_any_organization: true },
      select: { client_id: true },
      distinct: ['client_id'],
    });
    // A default grant names no client.
    return grants.flatMap((grant) => (grant.client_id === null ? [] : [grant.client_id]));
  }

  /** The token endpoint's first read: through the pool, with the hot paths (PrismaService.sql). */
  async find(clientId: string): Promise<Client | undefined> {
    return (await this.prisma.sql<Client>(FIND_SQL, [clientId])).at(0);
  }

  /**
   * Reads the client locked, then writes what `change` makes of it: a PATCH merges into the
   * stored settings, so two at once must not each overwrite the other's keys. 404 when absent.
   */
  updateWith(clientId: string, change: (current: Client) => Prisma.ClientUpdateInput): Promise<Client> {
    return this.txHost.withTransaction(Propagation.Nested, async () => {
      const tx = this.txHost.tx;
      await tx.$executeRaw`SELECT 1 FROM clients WHERE client_id = ${clientId} FOR UPDATE`;
      const current = await tx.client.findUnique({ where: { client_id: clientId } });
      if (!current) throw clientNotFound();
      return tx.client.update({ where: { client_id: clientId }, data: change(current) });
    });
  }

  /** Throws the 404 when there is no such client. */
  update(clientId: string, data: Prisma.ClientUpdateInput): Promise<Client> {
    return this.txHost.tx.client.update({ where: { client_id: clientId }, data }).catch(failed);
  }

  /** The client and its grants, in one transaction; nothing when it does not exist. */
  async delete(clientId: string): Promise<void> {
    await this.txHost.withTransaction(Propagation.Nested, async () => {
      await this.txHost.tx.clientGrant.deleteMany({ where: { client_id: clientId } });
      await this.txHost.tx.client.deleteMany({ where: { client_id: clientId } });
    });
  }

  /**
   * Clients holding a grant for the audience (all of them, or just `clientId` when given). Inside a
   * write's transaction (a revocation), the answer already lacks what the write deleted.
   */
  async withGrantFor(audience: string, clientId?: string): Promise<string[]> {
    const [sql, values] = clientId === undefined ? [ALL_WITH_GRANT_SQL, [audience]] : [ONE_WITH_GRANT_SQL, [audience, clientId]];
    const rows = await this.prisma.sql<Pick<Client, 'client_id'>>(sql, values);
    return rows.map((row) => row.client_id);
  }
}
