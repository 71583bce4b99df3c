import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../routes.js';
import { toErrorResponse } from '../common/error-mapper.js';
import { auditOf } from '../logs/audit-record.js';
import { RateLimitGuard } from './rate-limit.guard.js';

/**
 * Requests Fastify answers before Nest's guards run (unknown route, unreadable or oversized
 * body, wrong content type) still count, by address, and carry the X-RateLimit-* headers: every
 * /api/v2 response does, and junk traffic must not be a way around the limit. They are counted by
 * the RateLimitGuard itself; a response that already carries its headers was counted by it.
 */
@Injectable()
export class UnroutedRequestsLimiter {
  constructor(private readonly guard: RateLimitGuard) {}

  /** For an onSend hook: the payload to send (the 429's body in its place), or undefined when the guard counted the request. */
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> | undefined {
    return uncounted(request, reply) ? this.count(request, reply, payload) : undefined;
  }

  private async count(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    try {
      await this.guard.countUnrouted(request, reply);
      return payload;
    } catch (error) {
      const { status, body, headers } = toErrorResponse(error);
      auditOf(request).error = body;
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
