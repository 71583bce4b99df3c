import type { Server } from 'node:http';
import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

const SWEEP_INTERVAL_MS = 50;

/** The one body for "this instance is going away": readiness while leaving, requests after the drain window. */
export const shuttingDown = (headers: Record<string, string> = {}): ApiError =>
  new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'shutting_down', 'The server is shutting down.', headers);

/**
 * Graceful shutdown at the connection level, in two phases.
 *
 * `leave()` (SIGTERM, at once): readiness fails (HealthController) but everything else is served as
 * usual, each response with `Connection: close` so a client or load balancer reconnects elsewhere.
 * This is the window in which a load balancer's health check takes the instance out; a request
 * refused here would be a failed request behind it (issue 13, item 5).
 *
 * `start(server)` (after the window): a request arriving on a connection that is still open is
 * answered 503 with `Connection: close` instead of being cut off; requests already received are
 * finished; an upload still arriving is dropped, as is every remaining connection once no received
 * request is left, so a stalled client never holds the exit.
 */
@Injectable()
export class ConnectionDrain implements OnModuleInit {
  private leaving = false;
  private draining = false;
  private readonly inFlight = new Set<FastifyRequest>();

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** True from SIGTERM on: the instance must receive no new traffic. */
  get isLeaving(): boolean {
    return this.leaving;
  }

  onModuleInit(): void {
    // No HTTP adapter in a testing module that was compiled without an app: nothing to hook then.
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    const fastify = adapter?.getInstance<FastifyInstance>();
    // Callback hooks: nothing to await, so no promise per request.
    fastify?.addHook('onRequest', (request, reply, done) => {
      if (this.draining) {
        done(shuttingDown({ Connection: 'close' }));
        return;
      }
      this.inFlight.add(request);
      reply.raw.once('close', () => this.inFlight.delete(request));
      done();
    });
    // onSend, not onRequest: requests already in flight when the window opens close their connection too,
    // and error responses pass here as well. Node ends the connection after a response carrying it.
    fastify?.addHook('onSend', (_request, reply, payload, done) => {
      if (this.leaving) void reply.header('Connection', 'close');
      done(null, payload);
    });
  }

  leave(): void {
    this.leaving = true;
  }

  start(server: Server): void {
    if (this.draining) return;
    this.leaving = true;
    this.draining = true;
    const sweep = (): void => {
      let working = false;
      for (const request of this.inFlight) {
        // `complete`: the whole request, body included, has been received.
        if (request.raw.complete) working = true;
        else request.raw.socket.destroy();
      }
      // Connections kept until now (idle keep-alive, half-sent headers) are closed with the last response.
      if (!working) server.closeAllConnections();
    };
    sweep();
    setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  }
}
