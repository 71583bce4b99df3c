import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Prisma, Role } from '../generated/prisma/client.js';
import { userNotFound } from '../users/user-errors.js';
import type { PermissionRef } from './permissions.repository.js';
import { notAMember, roleNotFound } from './role-errors.js';

// Deleted between the check and the insert: they no longer exist.
const failed = mapDatabaseErrors({
  constraints: {
    user_roles_user_id_fkey: userNotFound,
    user_roles_role_id_fkey: roleNotFound,
    organization_member_roles_role_id_fkey: roleNotFound,
    organization_member_roles_organization_id_user_id_fkey: notAMember,
  },
});

export interface RoleUserRow {
  id: string;
  email: string | null;
  picture: string | null;
  name: string | null;
}

type Outcome = 'added' | 'role_missing' | 'role_elsewhere' | 'user_missing' | 'organization_missing';

/** Whose a role is: null for the tenant's. */
type Owned = Pick<Role, 'owner_id'>;

const ROLE_ORDER = [{ name: 'asc' }, { id: 'asc' }] as const;

/** Who holds which role: users in the whole tenant, members in one organization. */
@Injectable()
export class RoleAssignmentsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  /** The role's users, ordered by user id (both paging styles). */
  roleUsers(roleId: string): PageSource<RoleUserRow> {
    return {
      rows: async ({ skip, take, afterId }) => {
        const users = await this.txHost.tx.user.findMany({
          where: { roles: { some: { role_id: roleId } }, ...(afterId ? { user_id: { gt: afterId } } : {}) },
          orderBy: { user_id: 'asc' },
          select: { user_id: true, email: true, picture: true, name: true },
          skip,
          take,
        });
        return users.map(({ user_id, ...profile }) => ({ id: user_id, ...profile }));
      },
      count: () => this.txHost.tx.userRole.count({ where: { role_id: roleId } }),
    };
  }

  /** The user's roles in the whole tenant, by name (offset paging). */
  userRoles(userId: string): PageSource<Role> {
    const where = { users: { some: { user_id: userId } } };
    return {
      rows: ({ skip, take }) => this.txHost.tx.role.findMany({ where, orderBy: [...ROLE_ORDER], skip, take }),
      count: () => this.txHost.tx.userRole.count({ where: { user_id: userId } }),
    };
  }

  /** The member's roles in the organization, by name (offset paging). */
  memberRoles(organizationId: string, userId: string): PageSource<Role> {
    const where = { member_roles: { some: { organization_id: organizationId, user_id: userId } } };
    return {
      rows: ({ skip, take }) => this.txHost.tx.role.findMany({ where, orderBy: [...ROLE_ORDER], skip, take }),
      count: () => this.txHost.tx.organizationMemberRole.count({ where: { organization_id: organizationId, user_id: userId } }),
    };
  }

  async roleExists(roleId: string): Promise<boolean> {
    return (await this.txHost.tx.role.count({ where: { id: roleId } })) > 0;
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.txHost.tx.user.count({ where: { user_id: userId } })) > 0;
  }

  async organizationExists(organizationId: string): Promise<boolean> {
    return (await this.txHost.tx.organization.count({ where: { id: organizationId } })) > 0;
  }

  async memberExists(organizationId: string, userId: string): Promise<boolean> {
    return (await this.txHost.tx.organizationMember.count({ where: { organization_id: organizationId, user_id: userId } })) > 0;
  }

  /** All or none; pairs that exist already stay as they are (assigning is idempotent, as in Auth0). */
  assign(pairs: { user_id: string; role_id: string }[]): Promise<Outcome> {
    return this.txHost
      .withTransaction(Propagation.Nested, async (): Promise<Outcome> => {
        const tx = this.txHost.tx;
        const roleIds = [...new Set(pairs.map((pair) => pair.role_id))];
        const userIds = [...new Set(pairs.map((pair) => pair.user_id))];
        // Share locks keep the roles and users from being deleted under the insert.
        const roles = await tx.$queryRaw<Owned[]>`SELECT owner_id FROM roles WHERE id = ANY(${roleIds}) FOR SHARE`;
        if (roles.length !== roleIds.length) return 'role_missing';
        // An organization's roles are held only by its members, through the member roles.
        if (roles.some((role) => role.owner_id !== null)) return 'role_elsewhere';
        const users = await tx.$queryRaw<unknown[]>`SELECT 1 FROM users WHERE user_id = ANY(${userIds}) FOR SHARE`;
        if (users.length !== userIds.length) return 'user_missing';
        await tx.userRole.createMany({ data: pairs, skipDuplicates: true });
        return 'added';
      })
      .catch(failed);
  }

  async unassign(userId: string, roleIds: string[]): Promise<void> {
    await this.txHost.tx.userRole.deleteMany({ where: { user_id: userId, role_id: { in: roleIds } } });
  }

  assignToMember(organizationId: string, userId: string, roleIds: string[]): Promise<Outcome> {
    const unique = [...new Set(roleIds)];
    return this.txHost
      .withTransaction(Propagation.Nested, async (): Promise<Outcome> => {
        const tx = this.txHost.tx;
        const organization = await tx.$queryRaw<unknown[]>`SELECT 1 FROM organizations WHERE id = ${organizationId}`;
        if (organization.length === 0) return 'organization_missing';
        // Recorded: Auth0 takes roles for a user of the tenant who is not yet a member (204), and the
        // membership added afterwards lists them; so the assignment makes the user a member.
        const user = await tx.$queryRaw<unknown[]>`SELECT 1 FROM users WHERE user_id = ${userId} FOR SHARE`;
        if (user.length === 0) return 'user_missing';
        const roles = await tx.$queryRaw<Owned[]>`SELECT owner_id FROM roles WHERE id = ANY(${unique}) FOR SHARE`;
        if (roles.length !== unique.length) return 'role_missing';
        if (roles.some((role) => role.owner_id !== null && role.owner_id !== organizationId)) return 'role_elsewhere';
        await tx.organizationMember.createMany({ data: [{ organization_id: organizationId, user_id: userId }], skipDuplicates: true });
        await tx.organizationMemberRole.createMany({
          data: unique.map((role_id) => ({ organization_id: organizationId, user_id: userId, role_id })),
          skipDuplicates: true,
        });
        return 'added';
      })
      .catch(failed);
  }

  async unassignFromMember(organizationId: string, userId: string, roleIds: string[]): Promise<void> {
    await this.txHost.tx.organizationMemberRole.deleteMany({
      where: { organization_id: organizationId, user_id: userId, role_id: { in: roleIds } },
    });
  }

  /**
   * The roles a user holds in the tenant, or a member in an organization, optionally only those
   * granting a permission; ordered by id, for checkpoint paging.
   */
  heldRoles(holder: { user_id: string; organization_id?: string }, granting?: PermissionRef): PageSource<Role> {
    const where: Prisma.RoleWhereInput = {
      ...(holder.organization_id === undefined
        ? { users: { some: { user_id: holder.user_id } } }
        : { member_roles: { some: { organization_id: holder.organization_id, user_id: holder.user_id } } }),
      ...(granting ? { permissions: { some: granting } } : {}),
    };
    return {
      rows: ({ skip, take, afterId }) =>
        this.txHost.tx.role.findMany({
          where: { ...where, ...(afterId ? { id: { gt: afterId } } : {}) },
          orderBy: { id: 'asc' },
          skip,
          take,
        }),
      count: () => this.txHost.tx.role.count({ where }),
    };
  }

  /** The user's roles in the whole tenant (id and name). */
  async rolesOf(userId: string): Promise<Pick<Role, 'id' | 'name'>[]> {
    return this.txHost.tx.role.findMany({
      where: { users: { some: { user_id: userId } } },
      orderBy: [...ROLE_ORDER],
      select: { id: true, name: true },
    });
  }
}
