import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module.js';
import { ClientGrantsController } from './client-grants.controller.js';
import { ClientGrantsService } from './client-grants.service.js';

@Module({
  imports: [ClientsModule],
  controllers: [ClientGrantsController],
  providers: [ClientGrantsService],
})
export class ClientGrantsModule {}
