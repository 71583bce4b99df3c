import { Injectable, type OnModuleInit } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { controllerRoutes } from './controller-routes.js';
import { LOGGED_BY_ITS_STATEMENT } from './logged-write.decorators.js';
import { ManagementWritesInterceptor } from './management-writes.interceptor.js';
import { isManagementWrite } from './management-writes.js';

/**
 * No management write goes unlogged: the service does not start unless every write handler is
 * marked @LoggedWrite() or takes a @LoggedSapi() entry (one, not both: that would log twice), and
 * no read or public route opens a logged transaction.
 */
@Injectable()
export class WriteLoggingCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const wrong: string[] = [];
    for (const { method, patterns, handler, isPublic } of controllerRoutes(this.discovery, this.scanner)) {
      const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      const marks =
        Number(interceptors.includes(ManagementWritesInterceptor)) + Number(Reflect.getMetadata(LOGGED_BY_ITS_STATEMENT, handler) === true);
      const write = !isPublic && patterns.some((pattern) => isManagementWrite(method, pattern));
      if (write ? marks !== 1 : interceptors.includes(ManagementWritesInterceptor)) wrong.push(`${method} ${patterns.join(', ')}`);
    }
    if (wrong.length > 0) {
      throw new Error(
        `management writes need exactly one of @LoggedWrite() or a @LoggedSapi() parameter, and only they may have @LoggedWrite(): ${wrong.join('; ')}`,
      );
    }
  }
}
