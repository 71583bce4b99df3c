import { Module } from '@nestjs/common';
import { ClientGrantsController } from './client-grants.controller.js';
import { ClientGrantsService } from './client-grants.service.js';

@Module({
  controllers: [ClientGrantsController],
  providers: [ClientGrantsService],
})
export class ClientGrantsModule {}
