import { Module } from '@nestjs/common';
import { OrganizationLookupModule } from './organization-lookup.js';
import { OrganizationMembersController } from './organization-members.controller.js';
import { OrganizationMembersRepository } from './organization-members.repository.js';
import { OrganizationMembersService } from './organization-members.service.js';
import { UserOrganizationsController } from './user-organizations.controller.js';

/** /organizations/{id}/members, and the same memberships from the user's side (/users/{id}/organizations). */
@Module({
  imports: [OrganizationLookupModule],
  controllers: [OrganizationMembersController, UserOrganizationsController],
  providers: [OrganizationMembersService, OrganizationMembersRepository],
})
export class OrganizationMembersModule {}
