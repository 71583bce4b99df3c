import { Injectable } from '@nestjs/common';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { userNotFound } from '../users/user-errors.js';
import { EffectivePermissions } from './effective-permissions.js';
import { PermissionsRepository, toPermissionView, type PermissionRef } from './permissions.repository.js';
import { permissionNotFound, permissionResourceServerNotFound, roleNotFound } from './role-errors.js';
import type { PermissionView, UserPermissionView } from './role.view.js';

/** The permissions of roles (/roles/{id}/permissions) and of users (/users/{id}/permissions). */
@Injectable()
export class PermissionsService {
  constructor(
    private readonly permissions: PermissionsRepository,
    private readonly effective: EffectivePermissions,
  ) {}

  async listOfRole(roleId: string, query: OffsetPaginationQuery): Promise<ListResult<'permissions', PermissionView>> {
    const window = pageWindow(query, 'offset');
    if (!(await this.permissions.roleExists(roleId))) throw roleNotFound();
    return listPage('permissions', window, this.permissions.rolePages(roleId), toPermissionView);
  }

  async addToRole(roleId: string, refs: PermissionRef[]): Promise<void> {
    await this.mustExist(refs);
    if (!(await this.permissions.add({ role_id: roleId }, refs))) throw roleNotFound();
  }

  async removeFromRole(roleId: string, refs: PermissionRef[]): Promise<void> {
    if (!(await this.permissions.roleExists(roleId))) throw roleNotFound();
    await this.permissions.remove({ role_id: roleId }, refs);
  }

  /** Direct and role permissions, each with its sources, paged in memory (a user holds few). */
  async listOfUser(userId: string, query: OffsetPaginationQuery): Promise<ListResult<'permissions', UserPermissionView>> {
    const window = pageWindow(query, 'offset');
    if (!(await this.permissions.userExists(userId))) throw userNotFound();
    const all = (await this.effective.ofUser(userId)).map((view) => ({
      id: `${view.resource_server_identifier} ${view.permission_name}`,
      view,
    }));
    const source = {
      rows: ({ skip, take }: { skip: number; take: number }) => Promise.resolve(all.slice(skip, skip + take)),
      count: () => Promise.resolve(all.length),
    };
    return listPage('permissions', window, source, (row) => row.view);
  }

  async addToUser(userId: string, refs: PermissionRef[]): Promise<void> {
    await this.mustExist(refs);
    if (!(await this.permissions.add({ user_id: userId }, refs))) throw userNotFound();
  }

  async removeFromUser(userId: string, refs: PermissionRef[]): Promise<void> {
    if (!(await this.permissions.userExists(userId))) throw userNotFound();
    await this.permissions.remove({ user_id: userId }, refs);
  }

  /** Every permission names an API of the tenant and one of its scopes (the first that does not is the error). */
  private async mustExist(refs: PermissionRef[]): Promise<void> {
    const apis = await this.permissions.apis(refs.map((ref) => ref.resource_server_identifier));
    for (const ref of refs) {
      const api = apis.get(ref.resource_server_identifier);
      if (!api) throw permissionResourceServerNotFound(ref.resource_server_identifier);
      if (!api.scopes.has(ref.permission_name)) throw permissionNotFound(ref.resource_server_identifier, ref.permission_name);
    }
  }
}
