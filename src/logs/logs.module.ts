import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LogPruner } from './log-pruner.js';
import { LogRecorder } from './log-recorder.js';
import { LogsController } from './logs.controller.js';
import { LogsRepository } from './logs.repository.js';
import { LogsService } from './logs.service.js';
import { RequestLogHook } from './request-log.hook.js';
import { RouteDescriptions } from './route-descriptions.js';
import { WriteLoggingCheck } from './write-logging.check.js';

/**
 * Tenant log entries: recorded with every management write and token request, read through /logs.
 * Global because every feature module's write handlers are logged: @LoggedWrite()'s interceptor
 * and @LoggedSapi()'s pipe are created in those modules and need the recorder.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [LogsController],
  providers: [LogsRepository, LogsService, LogRecorder, RouteDescriptions, RequestLogHook, LogPruner, WriteLoggingCheck],
  exports: [LogsRepository, LogRecorder],
})
export class LogsModule {}
