import { randomUUID } from 'node:crypto';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonLogger } from './common/json-logger.js';
import { markFormBody } from './common/validation/coerce.js';
import { AppConfig } from './config/app-config.js';
import { setupOpenApi } from './openapi/openapi.js';

export const API_PREFIX = 'api/v2';
/** Routes served outside /api/v2 (health, and the issuer's own endpoints). */
export const UNPREFIXED_ROUTES = ['healthz', 'readyz', 'oauth/token', '.well-known/jwks.json'];
export const BODY_LIMIT_BYTES = 10 * 1024;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The HTTP adapter, shared by main.ts and the e2e tests so both run the same server. HTTPS when given a key and certificate. */
export function createAdapter(https?: { key: Buffer; cert: Buffer }): FastifyAdapter {
  return new FastifyAdapter({
    ...(https ? { https } : {}),
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
  // Form values are all strings; DTOs convert booleans and repeated keys only for form bodies.
  fastify.addHook('preValidation', async (request: FastifyRequest) => {
    if (String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) markFormBody(request.body);
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
  setupOpenApi(app, app.get(AppConfig));
  await fastify.ready();
  return app;
}
