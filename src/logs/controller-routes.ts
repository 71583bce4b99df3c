import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { IS_PUBLIC_KEY } from '../auth/public.decorator.js';
import { API_PREFIX } from '../routes.js';

interface ControllerRoute {
  /** `GET`, `POST`, ... */
  method: string;
  /** The patterns Fastify reports as `request.routeOptions.url` for this handler under /api/v2. */
  patterns: string[];
  handler: object;
  /** The controller class, whose own metadata (class-level decorators) applies to every handler. */
  controller: object;
  /** Served without a token (@Public()): the token endpoint, JWKS, probes; not a management route. */
  isPublic: boolean;
}

/** Every routed handler of every controller, read from Nest's metadata at boot. */
export function* controllerRoutes(discovery: DiscoveryService, scanner: MetadataScanner): Generator<ControllerRoute> {
  for (const { metatype, instance } of discovery.getControllers()) {
    if (!metatype || !instance) continue;
    const base = paths(Reflect.getMetadata(PATH_METADATA, metatype));
    const classIsPublic = Reflect.getMetadata(IS_PUBLIC_KEY, metatype) === true;
    const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      yield {
        method: RequestMethod[method],
        patterns: base.flatMap((prefix) => paths(Reflect.getMetadata(PATH_METADATA, handler)).map((path) => routePattern(prefix, path))),
        handler,
        controller: metatype,
        isPublic: classIsPublic || Reflect.getMetadata(IS_PUBLIC_KEY, handler) === true,
      };
    }
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
