import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ConnectionDrain } from './common/connection-drain.js';
import type { JsonLogger } from './common/json-logger.js';
import { refuseWhatNodeWould } from './common/node-refusals.hook.js';
import { rejectUnstorableText } from './common/unstorable-text.hook.js';
import { markFormBody } from './common/validation/coerce.js';
import { AuditHook } from './logs/audit.hook.js';
import { UnroutedRequestsLimiter } from './rate-limit/unrouted-requests.limiter.js';

type OnSendDone = (error: Error | null, payload?: unknown) => void;

/**
 * Every Fastify hook the service adds, in the order a request meets them (Fastify runs the hooks of
 * one phase in the order they were added). Providers hold the logic; only this file registers it,
 * so production (main.ts) and the e2e tests, which both call configureApp, run the same hooks.
 * Callback hooks where there is usually nothing to await: no promise and no extra turn per request.
 */
export function registerHooks(app: NestFastifyApplication, logger: JsonLogger): void {
  const fastify = app.getHttpAdapter().getInstance();
  const drain = app.get(ConnectionDrain);
  const audit = app.get(AuditHook);
  const limiter = app.get(UnroutedRequestsLimiter);

  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  fastify.addHook('onRequest', refuseWhatNodeWould);
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(drain.onRequest(request, reply));
  });

  fastify.addHook('preValidation', rejectUnstorableText);
  // Form values are all strings; DTOs convert booleans and repeated keys only for form bodies.
  fastify.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) markFormBody(request.body);
    done();
  });

  // Connection: close while leaving, then the count of a response no guard saw, which may turn it
  // into a 429, then, last, the tenant log entry: it sees the final status.
  fastify.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) => {
    drain.onSend(reply);
    done(null, payload);
  });
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) => {
    settle(limiter.onSend(request, reply, payload), payload, done);
  });
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) => {
    settle(audit.onSend(request, reply), payload, done);
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
}

/** Waits only when there is something to wait for; a promise's value, if any, replaces the payload. */
function settle(pending: Promise<unknown> | undefined, payload: unknown, done: OnSendDone): void {
  if (!pending) done(null, payload);
  else pending.then((value) => done(null, value === undefined ? payload : value), done);
}
