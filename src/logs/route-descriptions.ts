import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import { controllerRoutes } from './controller-routes.js';

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
    for (const { method, patterns, handler } of controllerRoutes(this.discovery, this.scanner)) {
      const summary = (Reflect.getMetadata(DECORATORS.API_OPERATION, handler) as { summary?: string } | undefined)?.summary;
      if (!summary) continue;
      for (const pattern of patterns) this.summaries.set(`${method} ${pattern}`, summary);
    }
  }

  describe(method: string, pattern: string): string {
    return this.summaries.get(`${method} ${pattern}`) ?? `${method} ${pattern}`;
  }
}
