import { Module } from '@nestjs/common';
import { OrganizationClientGrantsController } from './organization-client-grants.controller.js';
import { OrganizationClientGrantsRepository } from './organization-client-grants.repository.js';
import { OrganizationClientGrantsService } from './organization-client-grants.service.js';
import { OrganizationsController } from './organizations.controller.js';
import { OrganizationsRepository } from './organizations.repository.js';
import { OrganizationsService } from './organizations.service.js';

@Module({
  controllers: [OrganizationsController, OrganizationClientGrantsController],
  providers: [OrganizationsService, OrganizationClientGrantsService, OrganizationsRepository, OrganizationClientGrantsRepository],
})
export class OrganizationsModule {}
