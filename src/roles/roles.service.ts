import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { CreateRoleDto, ListRolesQuery, UpdateRoleDto } from './role.dto.js';
import { ownerForTenantRole, ownerRequired, roleNotFound } from './role-errors.js';
import { toRoleView, type RoleView } from './role.view.js';
import { RolesRepository } from './roles.repository.js';

@Injectable()
export class RolesService {
  constructor(private readonly roles: RolesRepository) {}

  async create(dto: CreateRoleDto): Promise<RoleView> {
    if (dto.type === 'organization' && dto.owner_id === undefined) throw ownerRequired();
    if (dto.type !== 'organization' && dto.owner_id !== undefined) throw ownerForTenantRole();
    const role = await this.roles.create({
      id: newId('rol'),
      name: dto.name,
      description: dto.description ?? null,
      owner_id: dto.owner_id ?? null,
    });
    // The create answer echoes the body: no description when none was given (recorded).
    const { description, ...rest } = toRoleView(role);
    return dto.description === undefined ? rest : { ...rest, description };
  }

  list(query: ListRolesQuery): Promise<ListResult<'roles', RoleView>> {
    const window = pageWindow(query, 'offset');
    // Organization roles: one organization's with owner_id, every organization's without (our reading).
    const owner = query.type === 'organization' ? (query.owner_id ?? 'any') : null;
    return listPage('roles', window, this.roles.pages(query.name_filter, owner), toRoleView);
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
