import { Injectable } from '@nestjs/common';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import type { ListOrganizationMembersQuery } from './organization-members.dto.js';
import { memberNotFound } from './organization-members.errors.js';
import { OrganizationMembersRepository } from './organization-members.repository.js';
import { selectFields } from '../common/fields.js';
import { toMemberView, type OrganizationMemberView } from './organization-members.view.js';
import { organizationNotFound } from './organization-errors.js';
import { OrganizationLookup } from './organization-lookup.js';

@Injectable()
export class OrganizationMembersService {
  constructor(
    private readonly members: OrganizationMembersRepository,
    private readonly organizations: OrganizationLookup,
  ) {}

  async list(organizationId: string, query: ListOrganizationMembersQuery): Promise<ListResult<'members', Partial<OrganizationMemberView>>> {
    const window = pageWindow(query);
    await this.organizations.mustExist(organizationId);
    return listPage('members', window, this.members.pages(organizationId), (row) =>
      selectFields(toMemberView(row), query.fields, query.include_fields),
    );
  }

  async add(organizationId: string, userIds: string[]): Promise<void> {
    const outcome = await this.members.add(organizationId, userIds);
    if (outcome === 'organization_missing') throw organizationNotFound();
    if (outcome === 'user_missing') throw memberNotFound();
  }

  /** Only a missing organization is an error; removing a non-member changes nothing. */
  async remove(organizationId: string, userIds: string[]): Promise<void> {
    await this.organizations.mustExist(organizationId);
    await this.members.remove(organizationId, userIds);
  }
}
