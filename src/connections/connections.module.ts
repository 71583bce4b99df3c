import { Module } from '@nestjs/common';
import { ClientConnectionsController } from './client-connections.controller.js';
import { ConnectionClientsController } from './connection-clients.controller.js';
import { ConnectionClientsService } from './connection-clients.service.js';
import { ConnectionsController } from './connections.controller.js';
import { ConnectionsRepository } from './connections.repository.js';
import { ConnectionsService } from './connections.service.js';

@Module({
  controllers: [ConnectionsController, ConnectionClientsController, ClientConnectionsController],
  providers: [ConnectionsService, ConnectionClientsService, ConnectionsRepository],
  exports: [ConnectionsRepository],
})
export class ConnectionsModule {}
