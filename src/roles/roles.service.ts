import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult, type PageSource } from '../common/pagination/pagination.js';
import type { Role } from '../generated/prisma/client.js';
import type { CreateRoleDto, ListRolesQuery, UpdateRoleDto } from './role.dto.js';
import { roleNotFound } from './role-errors.js';
import { toRoleView, type RoleView } from './role.view.js';
import { RolesRepository } from './roles.repository.js';

// Organization-owned roles are not served (every role is a tenant role).
const NO_ROLES: PageSource<Role> = { rows: () => Promise.resolve([]), count: () => Promise.resolve(0) };

@Injectable()
export class RolesService {
  constructor(private readonly roles: RolesRepository) {}

  async create(dto: CreateRoleDto): Promise<RoleView> {
    const role = await this.roles.create({ id: newId('rol'), name: dto.name, description: dto.description ?? null });
    // The create answer echoes the body: no description when none was given (recorded).
    return dto.description === undefined ? { id: role.id, name: role.name } : toRoleView(role);
  }

  list(query: ListRolesQuery): Promise<ListResult<'roles', RoleView>> {
    const window = pageWindow(query, 'offset');
    if (query.type === 'organization') return listPage('roles', window, NO_ROLES, toRoleView);
    return listPage('roles', window, this.roles.pages(query.name_filter), toRoleView);
  }

  async get(id: string): Promise<RoleView> {
    const role = await this.roles.find(id);
    if (!role) throw roleNotFound();
    return toRoleView(role);
  }

  async update(id: string, dto: UpdateRoleDto): Promise<RoleView> {
    const role = await this.roles.update(id, { name: dto.name, description: dto.description });
    if (!role) throw roleNotFound();
    return toRoleView(role);
  }

  /** A missing role is a 404 (recorded), unlike Auth0's association deletes. */
  async remove(id: string): Promise<void> {
    if (!(await this.roles.delete(id))) throw roleNotFound();
  }
}
