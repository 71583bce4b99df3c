import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { PrismaErrorCode, violatedUniqueConstraint } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { CreateOrganizationDto } from './dto/create-organization.dto.js';
import type { ListOrganizationsQuery } from './dto/list-organizations.query.js';
import { toOrganizationView, type OrganizationView } from './dto/organization.view.js';
import type { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { organizationNameTaken, organizationNotFound } from './organization-errors.js';

@Injectable()
export class OrganizationsService {
  constructor(private readonly prisma: PrismaService) {}

  async create(dto: CreateOrganizationDto): Promise<OrganizationView> {
    try {
      const row = await this.prisma.organization.create({ data: { id: newId('org'), ...columns(dto), name: dto.name } });
      return toOrganizationView(row);
    } catch (error) {
      throw translate(error);
    }
  }

  list(query: ListOrganizationsQuery): Promise<ListResult<'organizations', OrganizationView>> {
    return listPage(
      'organizations',
      pageWindow(query),
      {
        rows: ({ skip, take, afterId }) =>
          this.prisma.organization.findMany({ where: afterId ? { id: { gt: afterId } } : {}, orderBy: { id: 'asc' }, skip, take }),
        count: () => this.prisma.organization.count(),
      },
      toOrganizationView,
    );
  }

  async get(id: string): Promise<OrganizationView> {
    const row = await this.prisma.organization.findUnique({ where: { id } });
    if (!row) throw organizationNotFound();
    return toOrganizationView(row);
  }

  async getByName(name: string): Promise<OrganizationView> {
    const row = await this.prisma.organization.findUnique({ where: { name } });
    if (!row) throw organizationNotFound();
    return toOrganizationView(row);
  }

  async update(id: string, dto: UpdateOrganizationDto): Promise<OrganizationView> {
    try {
      return toOrganizationView(await this.prisma.organization.update({ where: { id }, data: columns(dto) }));
    } catch (error) {
      throw translate(error);
    }
  }

  /** Its client-grant associations go with it (ON DELETE CASCADE); the grants themselves stay. */
  async remove(id: string): Promise<void> {
    const { count } = await this.prisma.organization.deleteMany({ where: { id } });
    if (count === 0) throw organizationNotFound();
  }
}

/** Only the properties the caller sent are written; branding and metadata are replaced whole, as in Auth0. */
function columns(dto: UpdateOrganizationDto): Pick<Prisma.OrganizationCreateInput, 'display_name' | 'branding' | 'metadata'> & { name?: string } {
  return {
    name: dto.name,
    display_name: dto.display_name,
    branding: dto.branding as Prisma.InputJsonValue | undefined,
    metadata: dto.metadata,
  };
}

// The unique index decides name conflicts, so two concurrent creates cannot both win.
function translate(error: unknown): unknown {
  if ((error as { code?: string }).code === PrismaErrorCode.RecordNotFound) return organizationNotFound();
  if (violatedUniqueConstraint(error) !== undefined) return organizationNameTaken();
  return error;
}
