import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../routes.js';
import { toErrorResponse } from '../common/error-mapper.js';
import { RateLimitGuard } from './rate-limit.guard.js';

/**
 * Requests Fastify answers before Nest's guards run (unknown route, unreadable or oversized
 * body, wrong content type) still count, by address, and carry the X-RateLimit-* headers: every
 * /api/v2 response does, and junk traffic must not be a way around the limit. They go through
 * the RateLimitGuard itself; a response that already carries its headers was counted by it.
 */
@Injectable()
export class UnroutedRequestsLimiter implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly guard: RateLimitGuard,
  ) {}

  onModuleInit(): void {
    // No HTTP adapter in a testing module that was compiled without an app: nothing to hook then.
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    const fastify = adapter?.getInstance<FastifyInstance>();
    // A callback hook: a routed request was counted by the guard already, and then costs no promise.
    fastify?.addHook('onSend', (request, reply, payload, done) => {
      if (!uncounted(request, reply)) {
        done(null, payload);
        return;
      }
      this.count(request, reply, payload).then((answer) => done(null, answer), done);
    });
  }

  /** The payload, or the 429's body in its place. */
  private async count(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    try {
      await this.guard.canActivate(new ExecutionContextHost([request, reply], UnroutedRequestsLimiter, this.count.bind(this)));
      return payload;
    } catch (error) {
      const { status, body, headers } = toErrorResponse(error);
      reply.code(status).headers(headers).type('application/json; charset=utf-8');
      return JSON.stringify(body);
    }
  }
}

/** An /api/v2 response the RateLimitGuard did not see (it would have set the headers). */
function uncounted(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = request.url.split('?')[0];
  if (path !== `/${API_PREFIX}` && !path.startsWith(`/${API_PREFIX}/`)) return false;
  return !reply.hasHeader('X-RateLimit-Limit');
}
