import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { PrismaErrorCode, violatedUniqueConstraint } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import { GlobalClients } from '../clients/global-clients.js';
import type { Prisma } from '../generated/prisma/client.js';
import { clientGrantNotFound, clientGrantTaken } from './client-grant-errors.js';
import { toClientGrantView, type ClientGrantView } from './dto/client-grant.view.js';
import type { CreateClientGrantDto } from './dto/create-client-grant.dto.js';
import type { ListClientGrantsQuery } from './dto/list-client-grants.query.js';
import type { UpdateClientGrantDto } from './dto/update-client-grant.dto.js';

@Injectable()
export class ClientGrantsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly globalClients: GlobalClients,
  ) {}

  async create(dto: CreateClientGrantDto): Promise<ClientGrantView> {
    try {
      const row = await this.prisma.clientGrant.create({
        data: {
          id: newId('cgr'),
          client_id: dto.client_id,
          audience: dto.audience,
          scope: dto.scope ?? [],
          organization_usage: dto.organization_usage,
          allow_any_organization: dto.allow_any_organization,
        },
      });
      return toClientGrantView(row);
    } catch (error) {
      throw translate(error);
    }
  }

  list(query: ListClientGrantsQuery): Promise<ListResult<'client_grants', ClientGrantView>> {
    const where = filters(query);
    return listPage(
      'client_grants',
      pageWindow(query),
      {
        rows: ({ skip, take, afterId }) =>
          this.prisma.clientGrant.findMany({ where: afterId ? { AND: [where, { id: { gt: afterId } }] } : where, orderBy: { id: 'asc' }, skip, take }),
        count: () => this.prisma.clientGrant.count({ where }),
      },
      toClientGrantView,
    );
  }

  async get(id: string): Promise<ClientGrantView> {
    const row = await this.prisma.clientGrant.findUnique({ where: { id } });
    if (!row) throw clientGrantNotFound();
    return toClientGrantView(row);
  }

  async update(id: string, dto: UpdateClientGrantDto): Promise<ClientGrantView> {
    try {
      const row = await this.prisma.clientGrant.update({
        where: { id },
        data: { scope: dto.scope, organization_usage: dto.organization_usage, allow_any_organization: dto.allow_any_organization },
      });
      return toClientGrantView(row);
    } catch (error) {
      throw translate(error);
    }
  }

  /**
   * Idempotent; every organization association goes with it (ON DELETE CASCADE). The client's
   * tokens lose access on this instance at once rather than at the next snapshot refresh.
   */
  async remove(id: string): Promise<void> {
    const removed = await this.prisma.$queryRaw<{ client_id: string }[]>`DELETE FROM client_grants WHERE id = ${id} RETURNING client_id`;
    for (const { client_id } of removed) await this.globalClients.revoke(client_id);
  }
}

function filters(query: ListClientGrantsQuery): Prisma.ClientGrantWhereInput {
  const where: Prisma.ClientGrantWhereInput = { audience: query.audience, client_id: query.client_id };
  // A grant that never set the flag behaves as false (Auth0's default).
  if (query.allow_any_organization === true) where.allow_any_organization = true;
  if (query.allow_any_organization === false) where.OR = [{ allow_any_organization: false }, { allow_any_organization: null }];
  return where;
}

// The unique index decides duplicates, so two concurrent creates cannot both win.
function translate(error: unknown): unknown {
  if ((error as { code?: string }).code === PrismaErrorCode.RecordNotFound) return clientGrantNotFound();
  if (violatedUniqueConstraint(error) !== undefined) return clientGrantTaken();
  return error;
}
