import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AuditHook } from './audit.hook.js';
import { LogPruner } from './log-pruner.js';
import { LogRecorder } from './log-recorder.js';
import { UserLogsController } from './user-logs.controller.js';
import { LogsController } from './logs.controller.js';
import { LogsRepository } from './logs.repository.js';
import { LogsService } from './logs.service.js';
import { ManagementWritesInterceptor } from './management-writes.interceptor.js';
import { RouteDescriptions } from './route-descriptions.js';

/**
 * Tenant log entries: recorded with every management write (ManagementWritesInterceptor, bound
 * in AppModule) and token request, read through /logs.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [LogsController, UserLogsController],
  providers: [LogsRepository, LogsService, LogRecorder, RouteDescriptions, AuditHook, LogPruner, ManagementWritesInterceptor],
  exports: [LogsRepository, LogRecorder, ManagementWritesInterceptor],
})
export class LogsModule {}
