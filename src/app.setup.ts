import { randomUUID } from 'node:crypto';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonLogger } from './common/json-logger.js';

export const API_PREFIX = 'api/v2';
/** Routes served outside /api/v2 (health, and the issuer's own endpoints). */
export const UNPREFIXED_ROUTES = ['healthz', 'readyz'];
export const BODY_LIMIT_BYTES = 10 * 1024;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The HTTP adapter, shared by main.ts and the e2e tests so both run the same server. */
export function createAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // A caller's X-Request-Id is kept when it is a sane token, so logs correlate across services.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    return503OnClosing: true,
  });
}

/** Everything about the app that is not a module provider: prefix, hooks, error handler. Nest registers the JSON and form parsers. */
export async function configureApp(app: NestFastifyApplication, logger: JsonLogger): Promise<NestFastifyApplication> {
  app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES });
  const fastify = app.getHttpAdapter().getInstance();
  // Only JSON and form bodies are accepted (Nest adds both); Fastify's built-in text/plain parser would
  // let a plain-text body reach validation as a string instead of answering 415.
  fastify.removeContentTypeParser('text/plain');
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Request-Id', request.id);
  });
  if (logger.enabled('info')) {
    fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      logger.write('info', 'request', {
        reqId: request.id,
        method: request.method,
        path: request.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
      });
    });
  }
  await app.init();
  await fastify.ready();
  return app;
}
