import { Module } from '@nestjs/common';
import { OrganizationClientGrantsController } from './organization-client-grants.controller.js';
import { OrganizationClientGrantsService } from './organization-client-grants.service.js';

@Module({
  controllers: [OrganizationClientGrantsController],
  providers: [OrganizationClientGrantsService],
})
export class OrganizationsModule {}
