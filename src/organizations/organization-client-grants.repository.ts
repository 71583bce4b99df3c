import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { clientGrantNotFound } from '../client-grants/client-grant-errors.js';
import type { ClientGrantViewRow } from '../client-grants/dto/client-grant.view.js';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import { columnList } from '../database/column-list.js';
import type { ClientGrant, Organization } from '../generated/prisma/client.js';
import { alreadyAssociated, organizationNotFound } from './organization-errors.js';

const failed = mapDatabaseErrors({
  constraints: {
    organization_client_grants_pkey: alreadyAssociated,
    // A grant deleted between the lookup and the insert breaks the foreign key: it no longer exists.
    organization_client_grants_grant_id_fkey: clientGrantNotFound,
  },
});

// Without created_at, which the view never shows: parsing it was 50 dates per full page.
const GRANT_COLUMNS = columnList<ClientGrantViewRow>()(
  'id',
  'client_id',
  'audience',
  'scope',
  'organization_usage',
  'allow_any_organization',
  'allow_all_scopes',
);
const GRANT_SELECT = GRANT_COLUMNS.split(', ')
  .map((column) => `g.${column}`)
  .join(', ');

interface AssociatedGrantFilter {
  audience?: string;
  client_id?: string;
  grant_ids?: string[];
}

/**
 * The organization's associations joined to their grants, with a condition for each filter the
 * request gives. Absent filters are left out of the text, not written as `$n IS NULL OR ...`: the
 * generic plan a named statement switches to after five runs cannot tell which of those apply, so
 * it estimated one row and joined every grant of the tenant, then sorted them.
 */
function grantsFrom(organizationId: string, filter: AssociatedGrantFilter): { sql: string; values: unknown[] } {
  const values: unknown[] = [organizationId];
  const conditions = ['a.organization_id = $1'];
  const add = (condition: (param: string) => string, value: unknown) => conditions.push(condition(`$${values.push(value)}`));
  if (filter.audience !== undefined) add((param) => `g.audience = ${param}`, filter.audience);
  if (filter.client_id !== undefined) add((param) => `g.client_id = ${param}`, filter.client_id);
  if (filter.grant_ids !== undefined) add((param) => `a.grant_id = ANY (${param}::text[])`, filter.grant_ids);
  return {
    sql: `FROM organization_client_grants a JOIN client_grants g ON g.id = a.grant_id WHERE ${conditions.join(' AND ')}`,
    values,
  };
}

/** How an association ended; the service turns each refusal into its error. */
type Association =
  | { outcome: 'associated'; grant: ClientGrant }
  | { outcome: 'organization_missing' | 'grant_missing' | 'already_associated' | 'limit_reached' };

@Injectable()
export class OrganizationClientGrantsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  /**
   * The organization's grants, ordered by id (offset paging). Walks the organization's slice of the
   * association key, already in grant id order, so a page costs the same however many grants and
   * organizations the tenant holds (Prisma's EXISTS form sorted a hash join over every grant).
   * The page is joined to the organization's row, so one round trip also tells a missing
   * organization (no row at all, 404) from an empty page (one row of NULLs).
   */
  pages(organizationId: string, filter: AssociatedGrantFilter): PageSource<ClientGrantViewRow> {
    const { sql, values } = grantsFrom(organizationId, filter);
    const n = values.length;
    const page = `SELECT p.* FROM organizations o
      LEFT JOIN LATERAL (SELECT ${GRANT_SELECT} ${sql} ORDER BY a.grant_id LIMIT $${n + 1} OFFSET $${n + 2}) p ON true
      WHERE o.id = $1`;
    return {
      rows: async ({ skip, take }) => {
        const rows = await this.prisma.sql<ClientGrantViewRow | { id: null }>(page, [...values, take, skip]);
        if (rows.length === 0) throw organizationNotFound();
        return rows.filter((row): row is ClientGrantViewRow => row.id !== null);
      },
      count: async () => (await this.prisma.sql<{ total: number }>(`SELECT count(*)::int AS total ${sql}`, values))[0].total,
    };
  }

  /** The organizations a grant is associated with, ordered by id (both paging styles). */
  organizationsOf(grantId: string): PageSource<Organization> {
    const where = { client_grants: { some: { grant_id: grantId } } };
    return {
      rows: ({ skip, take, afterId }) =>
        this.txHost.tx.organization.findMany({
          where: afterId ? { AND: [where, { id: { gt: afterId } }] } : where,
          orderBy: { id: 'asc' },
          skip,
          take,
        }),
      count: () => this.txHost.tx.organizationClientGrant.count({ where: { grant_id: grantId } }),
    };
  }

  async grantExists(grantId: string): Promise<boolean> {
    return (await this.txHost.tx.clientGrant.count({ where: { id: grantId } })) > 0;
  }

  /**
   * Locking the organization row serializes associations to one organization, so the limit
   * and the "already added" check hold under concurrent requests.
   */
  associate(organizationId: string, grantId: string, limit: number): Promise<Association> {
    return this.txHost
      .withTransaction(Propagation.Nested, async (): Promise<Association> => {
        const tx = this.txHost.tx;
        const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organizations WHERE id = ${organizationId} FOR UPDATE`;
        if (locked.length === 0) return { outcome: 'organization_missing' };
        const grant = await tx.clientGrant.findUnique({ where: { id: grantId } });
        if (!grant) return { outcome: 'grant_missing' };
        const key = { organization_id: organizationId, grant_id: grantId };
        if (await tx.organizationClientGrant.findUnique({ where: { organization_id_grant_id: key } }))
          return { outcome: 'already_associated' };
        if ((await tx.organizationClientGrant.count({ where: { organization_id: organizationId } })) >= limit)
          return { outcome: 'limit_reached' };
        await tx.organizationClientGrant.create({ data: key });
        return { outcome: 'associated', grant };
      })
      .catch(failed);
  }

  /**
   * Detaches a grant (the grant itself stays); false when the organization does not exist. A removed
   * association proves its organization exists (the foreign key), so the organization is looked up
   * only when nothing was removed: the usual delete is one statement, not two.
   */
  async remove(organizationId: string, grantId: string): Promise<boolean> {
    const tx = this.txHost.tx;
    const { count } = await tx.organizationClientGrant.deleteMany({ where: { organization_id: organizationId, grant_id: grantId } });
    return count > 0 || (await tx.organization.count({ where: { id: organizationId } })) > 0;
  }
}
