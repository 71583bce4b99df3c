import { Module } from '@nestjs/common';
import { ActionExecutionsController } from './action-executions.controller.js';
import { ActionExecutionsService } from './action-executions.service.js';
import { ActionRuntime } from './action-run.js';
import { ActionRuntimeRepository } from './action-runtime.repository.js';
import { ChildProcessActionRuntime } from './child-process-action-runtime.js';

/** Runs deployed action code out of the service's process, within time and memory limits. */
@Module({
  controllers: [ActionExecutionsController],
  providers: [ActionRuntimeRepository, ActionExecutionsService, { provide: ActionRuntime, useClass: ChildProcessActionRuntime }],
  exports: [ActionRuntime],
})
export class ActionRuntimeModule {}
