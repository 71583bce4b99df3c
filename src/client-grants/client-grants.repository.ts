import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { columnList } from '../database/column-list.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { ClientGrant, Prisma } from '../generated/prisma/client.js';
import { clientGrantNotFound, clientGrantTaken } from './client-grant-errors.js';

// The unique index decides duplicates, so two concurrent creates cannot both win.
const failed = mapDatabaseErrors({
  constraints: { client_grants_client_id_audience_key: clientGrantTaken, client_grants_default_for_audience_key: clientGrantTaken },
  recordNotFound: clientGrantNotFound,
});

// The token endpoint's: through the pool, with the hot paths (PrismaService.sql).
const GRANT_COLUMNS = columnList<ClientGrant>()(
  'id',
  'client_id',
  'audience',
  'scope',
  'organization_usage',
  'allow_any_organization',
  'subject_type',
  'authorization_details_types',
  'default_for',
  'allow_all_scopes',
  'created_at',
);
const FIND_FOR_SQL = `SELECT ${GRANT_COLUMNS} FROM client_grants WHERE client_id = $1 AND audience = $2 AND subject_type = 'client'`;
// A client without its own grant for an API may rest on the API's default grant for its group.
const DEFAULT_FOR_SQL = `SELECT ${GRANT_COLUMNS} FROM client_grants WHERE client_id IS NULL AND default_for = $1 AND audience = $2`;

interface ClientGrantFilter {
  audience?: string;
  client_id?: string;
  allow_any_organization?: boolean;
}

/** The settings a grant's owner may change; null clears one. */
interface ClientGrantSettings {
  scope?: string[];
  organization_usage?: string | null;
  allow_any_organization?: boolean | null;
  authorization_details_types?: string[];
  allow_all_scopes?: boolean | null;
}

@Injectable()
export class ClientGrantsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  create(data: Prisma.ClientGrantCreateInput): Promise<ClientGrant> {
    return this.txHost.tx.clientGrant.create({ data }).catch(failed);
  }

  /** Ordered by id, offset or checkpoint paging. */
  pages(filter: ClientGrantFilter): PageSource<ClientGrant> {
    const where: Prisma.ClientGrantWhereInput = { audience: filter.audience, client_id: filter.client_id };
    // A grant that never set the flag behaves as false (Auth0's default).
    if (filter.allow_any_organization === true) where.allow_any_organization = true;
    if (filter.allow_any_organization === false) where.OR = [{ allow_any_organization: false }, { allow_any_organization: null }];
    return {
      rows: ({ skip, take, afterId }) =>
        this.txHost.tx.clientGrant.findMany({
          where: afterId ? { AND: [where, { id: { gt: afterId } }] } : where,
          orderBy: { id: 'asc' },
          skip,
          take,
        }),
      count: () => this.txHost.tx.clientGrant.count({ where }),
    };
  }

  async find(id: string): Promise<ClientGrant | undefined> {
    return (await this.txHost.tx.clientGrant.findUnique({ where: { id } })) ?? undefined;
  }

  /** The grant a token request for this client and audience rests on. */
  async findFor(clientId: string, audience: string): Promise<ClientGrant | undefined> {
    return (await this.prisma.sql<ClientGrant>(FIND_FOR_SQL, [clientId, audience])).at(0);
  }

  /** The API's default grant for a group of clients (`third_party_clients`), if it has one. */
  async findDefaultFor(group: string, audience: string): Promise<ClientGrant | undefined> {
    return (await this.prisma.sql<ClientGrant>(DEFAULT_FOR_SQL, [group, audience])).at(0);
  }

  /** Throws the 404 when there is no such grant. */
  update(id: string, settings: ClientGrantSettings): Promise<ClientGrant> {
    const { scope, organization_usage, allow_any_organization, authorization_details_types, allow_all_scopes } = settings;
    return this.txHost.tx.clientGrant
      .update({ where: { id }, data: { scope, organization_usage, allow_any_organization, authorization_details_types, allow_all_scopes } })
      .catch(failed);
  }

  /** Every organization association goes with it (ON DELETE CASCADE); the removed grant's client, if there was one. */
  async delete(id: string): Promise<string | undefined> {
    const removed = await this.txHost.tx.$queryRaw<
      Pick<ClientGrant, 'client_id'>[]
    >`DELETE FROM client_grants WHERE id = ${id} RETURNING client_id`;
    return removed.at(0)?.client_id ?? undefined;
  }
}
