import { Module } from '@nestjs/common';
import { ActionWritesRepository } from './action-writes.repository.js';
import { ActionWritesService } from './action-writes.service.js';
import { ActionsController } from './actions.controller.js';
import { ActionsRepository } from './actions.repository.js';
import { ActionsService } from './actions.service.js';

@Module({
  controllers: [ActionsController],
  providers: [ActionsService, ActionsRepository, ActionWritesService, ActionWritesRepository],
})
export class ActionsModule {}
