import { Injectable, RequestMethod, type OnModuleInit } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import { API_PREFIX } from '../routes.js';

/**
 * Auth0's `description` of a management write is its operation's title ("Update a token
 * exchange profile", "Delete a client"), which is each route's OpenAPI summary here. Read once
 * at boot, keyed by method and Fastify's route pattern, because refusals by the guards never
 * reach a handler that could say it. A route without a summary is described "<METHOD> <pattern>".
 */
@Injectable()
export class RouteDescriptions implements OnModuleInit {
  private readonly summaries = new Map<string, string>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const { metatype, instance } of this.discovery.getControllers()) {
      if (!metatype || !instance) continue;
      const base = paths(Reflect.getMetadata(PATH_METADATA, metatype));
      const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const summary = (Reflect.getMetadata(DECORATORS.API_OPERATION, handler) as { summary?: string } | undefined)?.summary;
        if (method === undefined || !summary) continue;
        for (const prefix of base) {
          for (const path of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
            this.summaries.set(`${RequestMethod[method]} ${routePattern(prefix, path)}`, summary);
          }
        }
      }
    }
  }

  describe(method: string, pattern: string): string {
    return this.summaries.get(`${method} ${pattern}`) ?? `${method} ${pattern}`;
  }
}

function paths(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : ''];
}

/** The pattern Fastify reports as `request.routeOptions.url` for a management route. */
function routePattern(controllerPath: string, methodPath: string): string {
  const joined = [API_PREFIX, controllerPath, methodPath]
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '');
  return `/${joined}`;
}
