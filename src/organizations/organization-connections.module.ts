import { Module } from '@nestjs/common';
import { OrganizationLookupModule } from './organization-lookup.js';
import { OrganizationAllConnectionsController } from './organization-connections.all.controller.js';
import { OrganizationConnectionsController } from './organization-connections.controller.js';
import { OrganizationConnectionsRepository } from './organization-connections.repository.js';
import { OrganizationConnectionsService } from './organization-connections.service.js';

/** /organizations/{id}/enabled_connections and /organizations/{id}/connections. */
@Module({
  imports: [OrganizationLookupModule],
  controllers: [OrganizationConnectionsController, OrganizationAllConnectionsController],
  providers: [OrganizationConnectionsService, OrganizationConnectionsRepository],
})
export class OrganizationConnectionsModule {}
