import { Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap.js';
import { ClientOrganizationsRepository } from './client-organizations.repository.js';
import { ClientsController } from './clients.controller.js';
import { ClientsRepository } from './clients.repository.js';
import { ClientsService } from './clients.service.js';
import { GlobalClients } from './global-clients.js';

@Module({
  controllers: [ClientsController],
  providers: [ClientsService, ClientsRepository, ClientOrganizationsRepository, GlobalClients, AdminBootstrap],
  exports: [GlobalClients, ClientsRepository],
})
export class ClientsModule {}
