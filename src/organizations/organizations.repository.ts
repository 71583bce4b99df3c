import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Organization, Prisma } from '../generated/prisma/client.js';
import { organizationNameTaken, organizationNotFound } from './organization-errors.js';

// The unique index decides name conflicts, so two concurrent creates cannot both win.
const failed = mapDatabaseErrors({ constraints: { organizations_name_key: organizationNameTaken }, recordNotFound: organizationNotFound });

/** What a create or update writes; an absent property leaves its column as it is. */
interface OrganizationFields {
  name?: string;
  display_name?: string;
  branding?: object;
  metadata?: Record<string, string>;
}

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  create(id: string, fields: OrganizationFields & { name: string }): Promise<Organization> {
    return this.txHost.tx.organization.create({ data: { id, ...columns(fields), name: fields.name } }).catch(failed);
  }

  pages(): PageSource<Organization> {
    return {
      rows: ({ skip, take, afterId }) =>
        this.txHost.tx.organization.findMany({ where: afterId ? { id: { gt: afterId } } : {}, orderBy: { id: 'asc' }, skip, take }),
      count: () => this.txHost.tx.organization.count(),
    };
  }

  async find(where: { id: string } | { name: string }): Promise<Organization | undefined> {
    return (await this.txHost.tx.organization.findUnique({ where })) ?? undefined;
  }

  /** Throws the 404 when there is no such organization. */
  update(id: string, fields: OrganizationFields): Promise<Organization> {
    return this.txHost.tx.organization.update({ where: { id }, data: columns(fields) }).catch(failed);
  }

  /** Its client-grant associations go with it (ON DELETE CASCADE); false when there was none. */
  async delete(id: string): Promise<boolean> {
    const { count } = await this.txHost.tx.organization.deleteMany({ where: { id } });
    return count > 0;
  }
}

/** Only the properties given are written; branding and metadata are replaced whole, as in Auth0. */
function columns(fields: OrganizationFields): Omit<OrganizationFields, 'branding'> & { branding?: Prisma.InputJsonValue } {
  return {
    name: fields.name,
    display_name: fields.display_name,
    branding: fields.branding,
    metadata: fields.metadata,
  };
}
