import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module.js';
import { ResourceServersModule } from '../resource-servers/resource-servers.module.js';
import { ClientGrantsController } from './client-grants.controller.js';
import { ClientGrantsRepository } from './client-grants.repository.js';
import { ClientGrantsService } from './client-grants.service.js';

@Module({
  imports: [ClientsModule, ResourceServersModule],
  controllers: [ClientGrantsController],
  providers: [ClientGrantsService, ClientGrantsRepository],
  exports: [ClientGrantsRepository],
})
export class ClientGrantsModule {}
