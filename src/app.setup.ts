import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './common/all-exceptions.filter.js';
import { answerClientError } from './common/client-error.js';
import type { JsonLogger } from './common/json-logger.js';
import { AppConfig } from './config/app-config.js';
import { registerHooks } from './http-hooks.js';
import { setupOpenApi } from './openapi/openapi.js';
import { API_PREFIX, UNPREFIXED_ROUTES } from './routes.js';

const BODY_LIMIT_BYTES = 10 * 1024;
/**
 * Above Node's 16 kB limit on the request line and headers, so an over-long id is never cut
 * short by the router (414) but reaches the validation pipe and gets its 400 invalid_uri;
 * the URL's own size stays bounded by that limit (431).
 */
const MAX_PARAM_LENGTH = 16 * 1024 + 1;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The HTTP adapter, shared by main.ts and the e2e tests so both run the same server. HTTPS when
 * given a key and certificate; `trustProxy` (TRUST_PROXY) decides whose X-Forwarded-For sets
 * `request.ip`, the address per-address limits count under.
 */
export function createAdapter(options: { https?: { key: Buffer; cert: Buffer }; trustProxy?: string } = {}): FastifyAdapter {
  const { https, trustProxy } = options;
  // Node answers an HTTP/1.1 request without Host itself (400, empty body) unless told not to;
  // refuseWhatNodeWould answers it instead, in the error shape.
  const adapter = new FastifyAdapter({
    ...(https ? { https: { ...https, requireHostHeader: false } } : { http: { requireHostHeader: false } }),
    trustProxy: trustedProxies(trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A caller's X-Request-Id is kept when it is a sane token, so logs correlate across services.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Requests arriving while shutting down are answered by ConnectionDrain, in the error shape.
    return503OnClosing: false,
    // The router's own errors (a URL that does not decode) come before any hook and before Nest's
    // error handler exists for them, so they are answered here, in the same shape.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      sendError(error, request, reply.header('X-Request-Id', request.id));
    },
    clientErrorHandler: answerClientError,
  });
  // Node answers an Expect other than 100-continue itself (417, empty body) unless the server listens
  // for it: handed on as an ordinary request, it is refused by refuseWhatNodeWould in the error shape.
  const server = adapter.getHttpServer<Server>();
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => server.emit('request', request, response));
  return adapter;
}

/** TRUST_PROXY as Fastify takes it; a hop count as the function Fastify makes of a number (the adapter's type omits numbers). */
function trustedProxies(setting: string | undefined): string | boolean | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (!/^\d+$/.test(setting)) return setting;
  const hops = Number(setting);
  return (_address, hop) => hop < hops;
}

/** Everything about the app that is not a module provider: prefix, hooks, error handler. Nest registers the JSON and form parsers. */
export async function configureApp(app: NestFastifyApplication, logger: JsonLogger): Promise<NestFastifyApplication> {
  // Nest reads the exclude list with path-to-regexp 8, where a catch-all is `{*path}`; Fastify's
  // router takes the controllers' own `*` (it refuses `{*path}`), so only this list is converted.
  app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES.map((route) => route.replace(/\/\*$/, '/{*path}')) });
  const fastify = app.getHttpAdapter().getInstance();
  // Only JSON and form bodies are accepted (Nest adds both); Fastify's built-in text/plain parser would
  // let a plain-text body reach validation as a string instead of answering 415.
  fastify.removeContentTypeParser('text/plain');
  registerHooks(app, logger);
  await app.init();
  const config = app.get(AppConfig);
  applyTimeouts(app.getHttpServer(), config);
  setupOpenApi(app, config);
  await fastify.ready();
  return app;
}

/**
 * Node's own timeouts close a connection whose headers or whole request do not arrive in time
 * (answered 408 by answerClientError). Set on the server rather than as adapter options because
 * the adapter exists before the validated configuration does; Node reads them on every check.
 */
function applyTimeouts(server: Server & { connectionsCheckingInterval?: number }, config: AppConfig): void {
  server.headersTimeout = config.httpHeadersTimeoutMs;
  server.requestTimeout = config.httpRequestTimeoutMs;
  server.keepAliveTimeout = config.httpKeepAliveTimeoutMs;
  // Node checks for expired requests every 30 s by default, so a 10 s limit could take 40 s.
  server.connectionsCheckingInterval = Math.min(1000, Math.ceil(config.httpHeadersTimeoutMs / 4));
}
