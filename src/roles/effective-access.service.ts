import { Injectable } from '@nestjs/common';
import { listPage, pageWindow, type CheckpointPage, type PageSource } from '../common/pagination/pagination.js';
import type { CheckpointPaginationQuery } from '../common/pagination/pagination.query.js';
import type { Role } from '../generated/prisma/client.js';
import { userNotFound } from '../users/user-errors.js';
import type { EffectivePermissionsQuery, PermissionRoleSourcesQuery } from './effective.dto.js';
import { EffectivePermissions } from './effective-permissions.js';
import { RoleAssignmentsRepository } from './role-assignments.repository.js';
import { RoleAssignmentsService } from './role-assignments.service.js';
import { toRoleView, type EffectivePermissionView, type EffectiveRoleView, type GroupView } from './role.view.js';

// A permission's sources name each kind once: `direct`, `roles`.
const SOURCE_KIND = { DIRECT: 'direct', ROLE: 'roles' } as const;

/**
 * Auth0's effective-* reads: a user's or a member's roles and permissions from every source, with
 * checkpoint paging. The tenant has no groups, so every role is held directly and a role's source
 * groups are always none; answering so is true of this tenant, and the SDK's calls succeed.
 */
@Injectable()
export class EffectiveAccessService {
  constructor(
    private readonly assignments: RoleAssignmentsRepository,
    private readonly roleAssignments: RoleAssignmentsService,
    private readonly effective: EffectivePermissions,
  ) {}

  async rolesOfUser(userId: string, query: CheckpointPaginationQuery): Promise<CheckpointPage<'roles', EffectiveRoleView>> {
    const window = pageWindow(query, 'checkpoint');
    await this.mustExist(userId);
    return this.rolePage(window, this.assignments.heldRoles({ user_id: userId }));
  }

  /** The roles of the user granting the permission (a direct grant is not a role, so it is not listed). */
  async rolesGranting(userId: string, query: PermissionRoleSourcesQuery): Promise<CheckpointPage<'roles', EffectiveRoleView>> {
    const window = pageWindow(query, 'checkpoint');
    await this.mustExist(userId);
    const granting = { resource_server_identifier: query.resource_server_identifier, permission_name: query.permission_name };
    return this.rolePage(window, this.assignments.heldRoles({ user_id: userId }, granting));
  }

  /**
   * The user's permissions for one API, direct and through tenant roles, by name. An API the tenant
   * does not have lists none (Auth0's answer for it is not recorded). Paged in memory: a user holds few.
   */
  async permissionsOfUser(
    userId: string,
    query: EffectivePermissionsQuery,
  ): Promise<CheckpointPage<'permissions', EffectivePermissionView>> {
    const window = pageWindow(query, 'checkpoint');
    await this.mustExist(userId);
    const all = (await this.effective.ofUser(userId))
      .filter((permission) => permission.resource_server_identifier === query.resource_server_identifier)
      .map(({ sources, ...permission }) => ({
        id: permission.permission_name,
        view: { ...permission, sources: [...new Set(sources.map((source) => SOURCE_KIND[source.source_type]))] },
      }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const source = {
      rows: ({ take, afterId }: { take: number; afterId?: string }) =>
        Promise.resolve(all.filter((row) => afterId === undefined || row.id > afterId).slice(0, take)),
      count: () => Promise.resolve(all.length),
    };
    const page = await listPage('permissions', window, source, (row): EffectivePermissionView => row.view);
    return page as CheckpointPage<'permissions', EffectivePermissionView>;
  }

  async groupsGrantingUserRole(userId: string, query: CheckpointPaginationQuery): Promise<CheckpointPage<'groups', GroupView>> {
    // Read only to refuse a malformed `from`, as every checkpoint list does.
    pageWindow(query, 'checkpoint');
    await this.mustExist(userId);
    return { groups: [] };
  }

  async rolesOfMember(
    organizationId: string,
    userId: string,
    query: CheckpointPaginationQuery,
  ): Promise<CheckpointPage<'roles', EffectiveRoleView>> {
    const window = pageWindow(query, 'checkpoint');
    await this.roleAssignments.mustBeMember(organizationId, userId);
    return this.rolePage(window, this.assignments.heldRoles({ organization_id: organizationId, user_id: userId }));
  }

  async groupsGrantingMemberRole(
    organizationId: string,
    userId: string,
    query: CheckpointPaginationQuery,
  ): Promise<CheckpointPage<'groups', GroupView>> {
    pageWindow(query, 'checkpoint');
    await this.roleAssignments.mustBeMember(organizationId, userId);
    return { groups: [] };
  }

  private async mustExist(userId: string): Promise<void> {
    if (!(await this.assignments.userExists(userId))) throw userNotFound();
  }

  private async rolePage(
    window: ReturnType<typeof pageWindow>,
    roles: PageSource<Role>,
  ): Promise<CheckpointPage<'roles', EffectiveRoleView>> {
    const page = await listPage('roles', window, roles, (role): EffectiveRoleView =>
      Object.assign(toRoleView(role), { sources: ['direct' as const] }),
    );
    return page as CheckpointPage<'roles', EffectiveRoleView>;
  }
}
