import { Module } from '@nestjs/common';
import { OrganizationLookupModule } from './organization-lookup.js';
import { OrganizationMembersController } from './organization-members.controller.js';
import { OrganizationMembersRepository } from './organization-members.repository.js';
import { OrganizationMembersService } from './organization-members.service.js';

/** /organizations/{id}/members. */
@Module({
  imports: [OrganizationLookupModule],
  controllers: [OrganizationMembersController],
  providers: [OrganizationMembersService, OrganizationMembersRepository],
})
export class OrganizationMembersModule {}
