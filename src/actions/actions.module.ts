import { Module } from '@nestjs/common';
import { ActionsController } from './actions.controller.js';
import { ActionsRepository } from './actions.repository.js';
import { ActionsService } from './actions.service.js';

@Module({
  controllers: [ActionsController],
  providers: [ActionsService, ActionsRepository],
})
export class ActionsModule {}
