import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PrismaTx } from '../database/transactions.js';
import { PermissionsRepository, toPermissionView } from './permissions.repository.js';
import { RoleAssignmentsRepository } from './role-assignments.repository.js';
import type { PermissionSourceView, UserPermissionView } from './role.view.js';

/**
 * What a user may do, in one place: the union of their direct permissions and their roles'
 * (and, for a token naming an organization, their roles in it). Read by GET /users/{id}/permissions
 * and by every grant that issues a user's token, so the two never disagree.
 */
@Injectable()
export class EffectivePermissions {
  constructor(
    private readonly txHost: TransactionHost<PrismaTx>,
    private readonly permissions: PermissionsRepository,
    private readonly assignments: RoleAssignmentsRepository,
  ) {}

  /**
   * Every permission of the user, each once with its sources, as Auth0 lists them (a direct one's
   * source has empty id and name; recorded). Tenant roles only: Auth0's endpoint leaves out
   * organization roles. Ordered by API and name.
   */
  async ofUser(userId: string): Promise<UserPermissionView[]> {
    const roles = await this.assignments.rolesOf(userId);
    const roleNames = new Map(roles.map((role) => [role.id, role.name]));
    const [direct, fromRoles] = await Promise.all([this.permissions.ofUser(userId), this.permissions.ofRoles([...roleNames.keys()])]);
    const byKey = new Map<string, UserPermissionView>();
    const add = (row: (typeof direct)[number], source: PermissionSourceView) => {
      let permission = byKey.get(row.id);
      if (!permission) {
        permission = Object.assign(toPermissionView(row), { sources: [] as PermissionSourceView[] });
        byKey.set(row.id, permission);
      }
      permission.sources.push(source);
    };
    for (const row of direct) add(row, { source_id: '', source_name: '', source_type: 'DIRECT' });
    for (const row of fromRoles) add(row, { source_id: row.role_id, source_name: roleNames.get(row.role_id) ?? '', source_type: 'ROLE' });
    return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, view]) => view);
  }

  /** The names of the API's permissions the user holds, for a token; organization roles count when it names one. */
  async scopesFor(userId: string, audience: string, organizationId?: string): Promise<Set<string>> {
    // One statement on the token path: three sources of one answer.
    const rows = await this.txHost.tx.$queryRaw<{ permission_name: string }[]>`
      SELECT permission_name FROM user_permissions WHERE user_id = ${userId} AND resource_server_identifier = ${audience}
      UNION
      SELECT rp.permission_name FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
        WHERE ur.user_id = ${userId} AND rp.resource_server_identifier = ${audience}
      UNION
      SELECT rp.permission_name FROM organization_member_roles mr JOIN role_permissions rp ON rp.role_id = mr.role_id
        WHERE mr.user_id = ${userId} AND mr.organization_id = ${organizationId ?? null} AND rp.resource_server_identifier = ${audience}`;
    return new Set(rows.map((row) => row.permission_name));
  }
}
