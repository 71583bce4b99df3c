import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { LogPruner } from './log-pruner.js';
import { LogRecorder } from './log-recorder.js';
import { LogsController } from './logs.controller.js';
import { LogsRepository } from './logs.repository.js';
import { LogsService } from './logs.service.js';
import { ManagementWritesInterceptor } from './management-writes.interceptor.js';
import { RequestLogHook } from './request-log.hook.js';
import { RouteDescriptions } from './route-descriptions.js';

/** Tenant log entries: recorded with every management write and token request, read through /logs. */
@Module({
  imports: [DiscoveryModule],
  controllers: [LogsController],
  providers: [
    LogsRepository,
    LogsService,
    LogRecorder,
    RouteDescriptions,
    RequestLogHook,
    LogPruner,
    { provide: APP_INTERCEPTOR, useClass: ManagementWritesInterceptor },
  ],
  exports: [LogsRepository],
})
export class LogsModule {}
