import { Injectable } from '@nestjs/common';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { OffsetPaginationQuery, PaginationQuery } from '../common/pagination/pagination.query.js';
import { organizationNotFound } from '../organizations/organization-errors.js';
import { userNotFound } from '../users/user-errors.js';
import { RoleAssignmentsRepository, type RoleUserRow } from './role-assignments.repository.js';
import { notAMember, roleNotFound, roleOfAnotherOwner } from './role-errors.js';
import { toRoleView, type RoleUserView, type RoleView } from './role.view.js';

/** Roles of users (/roles/{id}/users, /users/{id}/roles) and of organization members. */
@Injectable()
export class RoleAssignmentsService {
  constructor(private readonly assignments: RoleAssignmentsRepository) {}

  async usersOf(roleId: string, query: PaginationQuery): Promise<ListResult<'users', RoleUserView>> {
    const window = pageWindow(query);
    if (!(await this.assignments.roleExists(roleId))) throw roleNotFound();
    return listPage('users', window, this.assignments.roleUsers(roleId), toRoleUserView);
  }

  async assignUsers(roleId: string, userIds: string[]): Promise<void> {
    const outcome = await this.assignments.assign([...new Set(userIds)].map((user_id) => ({ user_id, role_id: roleId })));
    if (outcome === 'role_missing') throw roleNotFound();
    if (outcome === 'role_elsewhere') throw roleOfAnotherOwner();
    if (outcome === 'user_missing') throw userNotFound();
  }

  async rolesOf(userId: string, query: OffsetPaginationQuery): Promise<ListResult<'roles', RoleView>> {
    const window = pageWindow(query, 'offset');
    if (!(await this.assignments.userExists(userId))) throw userNotFound();
    return listPage('roles', window, this.assignments.userRoles(userId), toRoleView);
  }

  async assignRoles(userId: string, roleIds: string[]): Promise<void> {
    const outcome = await this.assignments.assign([...new Set(roleIds)].map((role_id) => ({ user_id: userId, role_id })));
    if (outcome === 'role_missing') throw roleNotFound();
    if (outcome === 'role_elsewhere') throw roleOfAnotherOwner();
    if (outcome === 'user_missing') throw userNotFound();
  }

  /** Roles the user does not hold are ignored; an unknown user is a 404. */
  async unassignRoles(userId: string, roleIds: string[]): Promise<void> {
    if (!(await this.assignments.userExists(userId))) throw userNotFound();
    await this.assignments.unassign(userId, roleIds);
  }

  async rolesOfMember(organizationId: string, userId: string, query: OffsetPaginationQuery): Promise<ListResult<'roles', RoleView>> {
    const window = pageWindow(query, 'offset');
    await this.mustBeMember(organizationId, userId);
    return listPage('roles', window, this.assignments.memberRoles(organizationId, userId), toRoleView);
  }

  async assignToMember(organizationId: string, userId: string, roleIds: string[]): Promise<void> {
    const outcome = await this.assignments.assignToMember(organizationId, userId, roleIds);
    if (outcome === 'organization_missing') throw organizationNotFound();
    if (outcome === 'user_missing') throw notAMember();
    if (outcome === 'role_missing') throw roleNotFound();
    if (outcome === 'role_elsewhere') throw roleOfAnotherOwner();
  }

  async unassignFromMember(organizationId: string, userId: string, roleIds: string[]): Promise<void> {
    await this.mustBeMember(organizationId, userId);
    await this.assignments.unassignFromMember(organizationId, userId, roleIds);
  }

  /** 404 for an unknown organization, 400 for a user who is not its member. */
  async mustBeMember(organizationId: string, userId: string): Promise<void> {
    if (await this.assignments.memberExists(organizationId, userId)) return;
    if (!(await this.assignments.organizationExists(organizationId))) throw organizationNotFound();
    throw notAMember();
  }
}

function toRoleUserView(row: RoleUserRow): RoleUserView {
  const view: RoleUserView = { user_id: row.id };
  if (row.email !== null) view.email = row.email;
  if (row.picture !== null) view.picture = row.picture;
  if (row.name !== null) view.name = row.name;
  return view;
}
