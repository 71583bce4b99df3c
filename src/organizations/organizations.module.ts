import { Module } from '@nestjs/common';
import { OrganizationClientGrantsController } from './organization-client-grants.controller.js';
import { OrganizationClientGrantsRepository } from './organization-client-grants.repository.js';
import { OrganizationClientGrantsService } from './organization-client-grants.service.js';
import { OrganizationConnectionsModule } from './organization-connections.module.js';
import { OrganizationMembersModule } from './organization-members.module.js';
import { GrantOrganizationsController } from './grant-organizations.controller.js';
import { OrganizationsController } from './organizations.controller.js';
import { OrganizationsRepository } from './organizations.repository.js';
import { OrganizationsService } from './organizations.service.js';

@Module({
  imports: [OrganizationConnectionsModule, OrganizationMembersModule],
  controllers: [OrganizationsController, OrganizationClientGrantsController, GrantOrganizationsController],
  providers: [OrganizationsService, OrganizationClientGrantsService, OrganizationsRepository, OrganizationClientGrantsRepository],
})
export class OrganizationsModule {}
