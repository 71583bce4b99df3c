import { HttpStatus, Injectable } from '@nestjs/common';
import { clientGrantNotFound } from '../client-grants/client-grant-errors.js';
import { toClientGrantView, type ClientGrantView } from '../client-grants/dto/client-grant.view.js';
import { ApiError, conflict } from '../common/api-error.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { violatedUniqueConstraint } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { ListOrganizationClientGrantsQuery } from './dto/list-organization-client-grants.query.js';
import { toAssociatedView, type AssociatedClientGrantView } from './dto/organization-client-grant.view.js';
import { organizationNotFound } from './organization-errors.js';

export const MAX_GRANTS_PER_ORGANIZATION = 100;

const alreadyAssociated = () => conflict('client_grant_conflict', 'The client grant has already been added to this organization.');
const tooManyGrants = () =>
  new ApiError(HttpStatus.CONFLICT, 'organization_client_grants_limit', `An organization cannot have more than ${MAX_GRANTS_PER_ORGANIZATION} client grants.`);

const REMOVE_GRANT_SQL = `
  WITH org AS (SELECT id FROM organizations WHERE id = $1),
       removed AS (
         DELETE FROM organization_client_grants
         WHERE organization_id IN (SELECT id FROM org) AND grant_id = $2
       )
  SELECT EXISTS (SELECT 1 FROM org) AS found`;

@Injectable()
export class OrganizationClientGrantsService {
  constructor(private readonly prisma: PrismaService) {}

  async list(organizationId: string, query: ListOrganizationClientGrantsQuery): Promise<ListResult<'client_grants', ClientGrantView>> {
    const window = pageWindow(query, 'offset');
    if (!(await this.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } }))) throw organizationNotFound();
    const where: Prisma.ClientGrantWhereInput = {
      organizations: { some: { organization_id: organizationId } },
      audience: query.audience,
      client_id: query.client_id,
      ...(query.grant_ids ? { id: { in: query.grant_ids } } : {}),
    };
    return listPage(
      'client_grants',
      window,
      {
        rows: ({ skip, take }) => this.prisma.clientGrant.findMany({ where, orderBy: { id: 'asc' }, skip, take }),
        count: () => this.prisma.clientGrant.count({ where }),
      },
      toClientGrantView,
    );
  }

  /**
   * Locking the organization row serializes associations to one organization, so the
   * 100-grant limit and the "already added" check hold under concurrent requests.
   */
  async associate(organizationId: string, grantId: string): Promise<AssociatedClientGrantView> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organizations WHERE id = ${organizationId} FOR UPDATE`;
        if (locked.length === 0) throw organizationNotFound();
        const grant = await tx.clientGrant.findUnique({ where: { id: grantId } });
        if (!grant) throw clientGrantNotFound();
        if (await tx.organizationClientGrant.findUnique({ where: { organization_id_grant_id: { organization_id: organizationId, grant_id: grantId } } })) {
          throw alreadyAssociated();
        }
        if ((await tx.organizationClientGrant.count({ where: { organization_id: organizationId } })) >= MAX_GRANTS_PER_ORGANIZATION) {
          throw tooManyGrants();
        }
        await tx.organizationClientGrant.create({ data: { organization_id: organizationId, grant_id: grantId } });
        return toAssociatedView(grant);
      });
    } catch (error) {
      throw translate(error);
    }
  }

  /**
   * Detaches a grant from an organization; the grant itself stays. Idempotent like every
   * Auth0 association delete: only a missing organization is an error. One round trip.
   */
  async remove(organizationId: string, grantId: string): Promise<void> {
    const [row] = await this.prisma.sql<{ found: boolean }>(REMOVE_GRANT_SQL, [organizationId, grantId]);
    if (!row?.found) throw organizationNotFound();
  }
}

// A grant deleted between the lookup and the insert breaks the foreign key: it no longer exists.
function translate(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (violatedUniqueConstraint(error) !== undefined) return alreadyAssociated();
  if ((error as { code?: string }).code === 'P2003') return clientGrantNotFound();
  return error;
}
