import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Prisma, Role } from '../generated/prisma/client.js';
import { organizationNotFound } from '../organizations/organization-errors.js';
import { roleNameTaken } from './role-errors.js';

// The unique index decides duplicate names, so two concurrent creates cannot both win.
const failed = mapDatabaseErrors({ constraints: { roles_name_key: roleNameTaken, roles_owner_id_fkey: organizationNotFound } });

@Injectable()
export class RolesRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  create(data: Prisma.RoleUncheckedCreateInput): Promise<Role> {
    return this.txHost.tx.role.create({ data }).catch(failed);
  }

  /**
   * The tenant's roles (`owner` null), one organization's, or every organization's (`any`), ordered by
   * name, the id breaking ties (Auth0 lists roles by name); optionally names containing a text, any case.
   */
  pages(nameFilter: string | undefined, owner: string | null): PageSource<Role> {
    const where: Prisma.RoleWhereInput = {
      owner_id: owner === 'any' ? { not: null } : owner,
      ...(nameFilter ? { name: { contains: nameFilter, mode: 'insensitive' } } : {}),
    };
    return {
      rows: ({ skip, take }) => this.txHost.tx.role.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip, take }),
      count: () => this.txHost.tx.role.count({ where }),
    };
  }

  async find(id: string): Promise<Role | undefined> {
    return (await this.txHost.tx.role.findUnique({ where: { id } })) ?? undefined;
  }

  /** Undefined when there is no such role. */
  async update(id: string, changes: Prisma.RoleUpdateInput): Promise<Role | undefined> {
    const { count } = await this.txHost.tx.role.updateMany({ where: { id }, data: changes }).catch(failed);
    return count === 0 ? undefined : this.find(id);
  }

  /** False when there was no such role. Its permissions and assignments go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const { count } = await this.txHost.tx.role.deleteMany({ where: { id } });
    return count > 0;
  }
}
