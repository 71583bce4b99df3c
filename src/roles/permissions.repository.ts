import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Prisma } from '../generated/prisma/client.js';
import { permissionResourceServerNotFound, roleNotFound } from './role-errors.js';
import { userNotFound } from '../users/user-errors.js';
import { scopesOf } from '../resource-servers/resource-server-scopes.js';
import type { PermissionView } from './role.view.js';

export interface PermissionRef {
  resource_server_identifier: string;
  permission_name: string;
}

/** A permission with its API's name and its scope's description, as Auth0 lists them. */
interface PermissionRow extends PermissionRef {
  id: string;
  resource_server_name: string;
  description: string;
}

/** An API as permissions read it: its name and its scopes' descriptions by value. */
interface PermissionApi {
  identifier: string;
  name: string;
  scopes: Map<string, string>;
}

// Deleted between the check and the insert: it no longer exists.
const failed = mapDatabaseErrors({
  constraints: {
    role_permissions_role_id_fkey: roleNotFound,
    user_permissions_user_id_fkey: userNotFound,
    role_permissions_resource_server_identifier_fkey: () => permissionResourceServerNotFound(''),
    user_permissions_resource_server_identifier_fkey: () => permissionResourceServerNotFound(''),
  },
});

const ORDER = [{ resource_server_identifier: 'asc' }, { permission_name: 'asc' }] as const;

type Holder = { role_id: string } | { user_id: string };

@Injectable()
export class PermissionsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  /** The APIs among these identifiers, with their scopes. */
  async apis(identifiers: string[]): Promise<Map<string, PermissionApi>> {
    const rows = await this.txHost.tx.resourceServer.findMany({
      where: { identifier: { in: [...new Set(identifiers)] } },
      select: { identifier: true, name: true, scopes: true },
    });
    return new Map(rows.map((row) => [row.identifier, toApi(row)]));
  }

  /** A role's permissions, ordered by API and name (offset paging). */
  rolePages(roleId: string): PageSource<PermissionRow> {
    const where = { role_id: roleId };
    return {
      rows: async ({ skip, take }) => {
        const rows = await this.txHost.tx.rolePermission.findMany({ where, orderBy: [...ORDER], skip, take, include: RESOURCE_SERVER });
        return rows.map(toPermissionRow);
      },
      count: () => this.txHost.tx.rolePermission.count({ where }),
    };
  }

  /** A user's direct permissions, with their APIs. */
  async ofUser(userId: string): Promise<PermissionRow[]> {
    const rows = await this.txHost.tx.userPermission.findMany({
      where: { user_id: userId },
      orderBy: [...ORDER],
      include: RESOURCE_SERVER,
    });
    return rows.map(toPermissionRow);
  }

  /** The permissions of these roles, with their APIs and the role each comes from. */
  async ofRoles(roleIds: string[]): Promise<(PermissionRow & { role_id: string })[]> {
    if (roleIds.length === 0) return [];
    const rows = await this.txHost.tx.rolePermission.findMany({
      where: { role_id: { in: roleIds } },
      orderBy: [...ORDER],
      include: RESOURCE_SERVER,
    });
    return rows.map((row) => ({ ...toPermissionRow(row), role_id: row.role_id }));
  }

  /** Adds what the holder lacks (idempotent, as Auth0); false when the holder is gone. */
  add(holder: Holder, refs: PermissionRef[]): Promise<boolean> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        // A share lock keeps the role or user from being deleted under the insert.
        const found =
          'role_id' in holder
            ? await tx.$queryRaw<unknown[]>`SELECT 1 FROM roles WHERE id = ${holder.role_id} FOR SHARE`
            : await tx.$queryRaw<unknown[]>`SELECT 1 FROM users WHERE user_id = ${holder.user_id} FOR SHARE`;
        if (found.length === 0) return false;
        if ('role_id' in holder) {
          await tx.rolePermission.createMany({ data: refs.map((ref) => ({ ...holder, ...pick(ref) })), skipDuplicates: true });
        } else {
          await tx.userPermission.createMany({ data: refs.map((ref) => ({ ...holder, ...pick(ref) })), skipDuplicates: true });
        }
        return true;
      })
      .catch(failed);
  }

  /** Permissions the holder does not hold are ignored. */
  async remove(holder: Holder, refs: PermissionRef[]): Promise<void> {
    const OR = refs.map(pick);
    if ('role_id' in holder) await this.txHost.tx.rolePermission.deleteMany({ where: { ...holder, OR } });
    else await this.txHost.tx.userPermission.deleteMany({ where: { ...holder, OR } });
  }

  async roleExists(roleId: string): Promise<boolean> {
    return (await this.txHost.tx.role.count({ where: { id: roleId } })) > 0;
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.txHost.tx.user.count({ where: { user_id: userId } })) > 0;
  }
}

const RESOURCE_SERVER = { resource_server: { select: { identifier: true, name: true, scopes: true } } } as const;

/** A permission as the API shows it (without the paging key). */
export function toPermissionView(row: PermissionRow): PermissionView {
  return {
    resource_server_identifier: row.resource_server_identifier,
    permission_name: row.permission_name,
    resource_server_name: row.resource_server_name,
    description: row.description,
  };
}

function pick({ resource_server_identifier, permission_name }: PermissionRef): PermissionRef {
  return { resource_server_identifier, permission_name };
}

function toApi(row: { identifier: string; name: string; scopes: Prisma.JsonValue }): PermissionApi {
  return {
    identifier: row.identifier,
    name: row.name,
    scopes: new Map(scopesOf(row.scopes).map((scope) => [scope.value, scope.description])),
  };
}

function toPermissionRow(
  row: PermissionRef & { resource_server: { identifier: string; name: string; scopes: Prisma.JsonValue } },
): PermissionRow {
  const api = toApi(row.resource_server);
  return {
    id: `${row.resource_server_identifier} ${row.permission_name}`,
    resource_server_identifier: row.resource_server_identifier,
    permission_name: row.permission_name,
    resource_server_name: api.name,
    description: api.scopes.get(row.permission_name) ?? '',
  };
}
