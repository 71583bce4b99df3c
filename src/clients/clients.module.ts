import { Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap.js';
import { ClientsController } from './clients.controller.js';
import { ClientsService } from './clients.service.js';
import { GlobalClients } from './global-clients.js';

@Module({
  controllers: [ClientsController],
  providers: [ClientsService, GlobalClients, AdminBootstrap],
  exports: [GlobalClients],
})
export class ClientsModule {}
