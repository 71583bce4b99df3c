import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../app.setup.js';
import { toErrorResponse } from '../common/error-mapper.js';
import { AppConfig } from '../config/app-config.js';
import { RateLimitStorage } from './rate-limit.storage.js';
import { bucketSize, RATE_LIMIT_CHECKED, setRateLimitHeaders, tooManyRequests } from './rate-limit.policy.js';

/**
 * Requests Fastify answers before Nest's guards run (unknown route, unreadable or oversized
 * body, wrong content type) still count, by address, and carry the X-RateLimit-* headers:
 * every /api/v2 response does, and junk traffic must not be a way around the limit.
 */
@Injectable()
export class UnroutedRequestsLimiter implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly storage: RateLimitStorage,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onSend', async (request, reply, payload) => this.onSend(request, reply, payload));
  }

  private async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const path = request.url.split('?')[0];
    if ((request as unknown as Record<symbol, unknown>)[RATE_LIMIT_CHECKED]) return payload;
    if (path !== `/${API_PREFIX}` && !path.startsWith(`/${API_PREFIX}/`)) return payload;
    const { limit, ttl } = bucketSize(this.config);
    const record = await this.storage.increment(`ip:${request.ip}`, ttl, limit);
    setRateLimitHeaders(reply, limit, record);
    if (!record.isBlocked) return payload;
    const { status, body, headers } = toErrorResponse(tooManyRequests(record));
    reply.code(status).headers(headers).type('application/json; charset=utf-8');
    return JSON.stringify(body);
  }
}
