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
    for (const { method, patterns, handler, controller, isPublic } of controllerRoutes(this.discovery, this.scanner)) {
      // A class-level @UseInterceptors() binds it to every handler of the controller, reads included.
      const transactional = [controller, handler].some((target) => interceptorsOf(target).includes(ManagementWritesInterceptor));
      const marks = Number(transactional) + Number(Reflect.getMetadata(LOGGED_BY_ITS_STATEMENT, handler) === true);
      const write = !isPublic && patterns.some((pattern) => isManagementWrite(method, pattern));
      if (write ? marks !== 1 : transactional) wrong.push(`${method} ${patterns.join(', ')}`);
    }
    if (wrong.length > 0) {
      throw new Error(
        `management writes need exactly one of @LoggedWrite() or a @LoggedSapi() parameter, and only they may have @LoggedWrite(): ${wrong.join('; ')}`,
      );
    }
  }
}

function interceptorsOf(target: object): unknown[] {
  return (Reflect.getMetadata(INTERCEPTORS_METADATA, target) as unknown[] | undefined) ?? [];
}
