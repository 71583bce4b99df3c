import { Injectable } from '@nestjs/common';
import { encodeCursor, listPage, pageWindow, type CheckpointPage, type ListResult } from '../common/pagination/pagination.js';
import type { ListOrganizationMembersQuery } from './organization-members.dto.js';
import { memberNotFound } from './organization-members.errors.js';
import { OrganizationMembersRepository } from './organization-members.repository.js';
import { selectFields } from '../common/fields.js';
import { toMemberView, type OrganizationMemberView } from './organization-members.view.js';
import { organizationNotFound } from './organization-errors.js';
import { OrganizationLookup } from './organization-lookup.js';
import type { OffsetPaginationQuery } from '../common/pagination/pagination.query.js';
import { userNotFound } from '../users/user-errors.js';
import { toOrganizationView, type OrganizationView } from './dto/organization.view.js';

@Injectable()
export class OrganizationMembersService {
  constructor(
    private readonly members: OrganizationMembersRepository,
    private readonly organizations: OrganizationLookup,
  ) {}

  /**
   * Auth0's checkpoint pages of members carry `next` whenever they hold a member, the last one
   * too (recorded: a short page with `next`, then an empty page without), unlike its organizations.
   */
  async list(organizationId: string, query: ListOrganizationMembersQuery): Promise<ListResult<'members', Partial<OrganizationMemberView>>> {
    const window = pageWindow(query);
    await this.organizations.mustExist(organizationId);
    let lastId: string | undefined;
    const page = await listPage('members', window, this.members.pages(organizationId), (row) => {
      lastId = row.id;
      return selectFields(toMemberView(row), query.fields, query.include_fields);
    });
    if (window.kind === 'checkpoint' && lastId !== undefined) (page as CheckpointPage<'members', unknown>).next ??= encodeCursor(lastId);
    return page;
  }

  /** The organizations the user is a member of, by id; the user's 404 when there is no such user. */
  async organizationsOf(userId: string, query: OffsetPaginationQuery): Promise<ListResult<'organizations', OrganizationView>> {
    if (!(await this.members.userExists(userId))) throw userNotFound();
    return listPage('organizations', pageWindow(query, 'offset'), this.members.organizationsOf(userId), toOrganizationView);
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
