import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, CONSOLE_ROUTE } from '../routes.js';
import { outsideTheApi } from './console-errors.js';
import type { ConsoleSession } from './console-sessions.js';

const API_BASE = `/${CONSOLE_ROUTE}/api`;
// What the console reads of an answer: its type, and when a 429 may be retried.
const ANSWER_HEADERS = ['content-type', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
const BASE = 'http://console.invalid';

/**
 * The console's Management API calls: /console/api/<path> is handed to /api/v2/<path> inside
 * this process (Fastify's inject, no socket), with the session's token as the bearer, so the
 * request meets exactly the pipeline an API client meets (token, scopes, rate limit, validation,
 * the tenant log) and the token never reaches the browser.
 */
@Injectable()
export class ConsoleForward {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async forward(request: FastifyRequest, reply: FastifyReply, session: ConsoleSession): Promise<void> {
    // Resolved as a URL, so dot segments cannot climb out of /api/v2.
    const target = new URL(`/${API_PREFIX}${request.url.slice(API_BASE.length)}`, BASE);
    if (!target.pathname.startsWith(`/${API_PREFIX}/`)) throw outsideTheApi();
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const hasBody = request.body !== undefined && request.body !== null;
    const answer = await fastify.inject({
      method: request.method as 'GET',
      url: `${target.pathname}${target.search}`,
      remoteAddress: request.ip,
      headers: {
        authorization: `Bearer ${session.token}`,
        accept: 'application/json',
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { payload: JSON.stringify(request.body) } : {}),
    });
    reply.status(answer.statusCode);
    for (const name of ANSWER_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    await reply.send(answer.rawPayload);
  }
}
