import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_PREFIX, UNPREFIXED_ROUTES } from '../../src/routes.js';

interface Route {
  method: string;
  /** OpenAPI style: /api/v2/organizations/{id}. */
  path: string;
  handler: Handler;
  controller: Type;
}

type Handler = (...args: never[]) => unknown;

const join = (...parts: string[]): string =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;
const asList = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : [value ?? '']);
const toOpenApi = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** Every handler Nest registered, from the same controller metadata its router reads. */
export function nestRoutes(app: NestFastifyApplication): Route[] {
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name] as Handler;
        const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (name === 'constructor' || methodPath === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined)) {
          for (const sub of asList(methodPath)) {
            const path = join(base, sub);
            const prefixed = UNPREFIXED_ROUTES.includes(path.slice(1)) ? path : join(API_PREFIX, path);
            routes.push({ method, path: toOpenApi(prefixed), handler, controller });
          }
        }
      }
    }
  }
  return routes;
}

/**
 * The routes Fastify actually serves ("METHOD /path"), parsed from its printRoutes() tree; HEAD is implicit.
 * The tree with common prefixes: without them, Fastify prints two wildcard routes under one path (/console/assets/*,
 * /console/api/*) as a single `*`.
 */
export function fastifyRoutes(app: NestFastifyApplication): string[] {
  const tree = app.getHttpAdapter().getInstance().printRoutes();
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const [, indent, segment, methods = ''] = match;
    const depth = indent.length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1] : '') + segment;
    stack.length = depth + 1;
    for (const method of methods ? methods.split(', ') : []) if (method !== 'HEAD') routes.push(`${method} ${toOpenApi(stack[depth])}`);
  }
  return routes.sort();
}
