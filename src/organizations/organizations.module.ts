import { Module } from '@nestjs/common';
import { OrganizationClientGrantsController } from './organization-client-grants.controller.js';
import { OrganizationClientGrantsService } from './organization-client-grants.service.js';
import { OrganizationsController } from './organizations.controller.js';
import { OrganizationsService } from './organizations.service.js';

@Module({
  controllers: [OrganizationsController, OrganizationClientGrantsController],
  providers: [OrganizationsService, OrganizationClientGrantsService],
})
export class OrganizationsModule {}
