import type { Server } from 'node:http';
import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

const SWEEP_INTERVAL_MS = 50;

/**
 * Graceful shutdown at the connection level. Once started (SIGTERM), a request arriving on a
 * connection that is still open is answered 503 with `Connection: close` instead of being cut
 * off; requests already received are finished; an upload still arriving is dropped, as is every
 * remaining connection once no received request is left, so a stalled client never holds the exit.
 */
@Injectable()
export class ConnectionDrain implements OnModuleInit {
  private draining = false;
  private readonly inFlight = new Set<FastifyRequest>();

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // No HTTP adapter in a testing module that was compiled without an app: nothing to hook then.
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    const fastify = adapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onRequest', async (request, reply) => {
      if (this.draining) {
        throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'shutting_down', 'The server is shutting down.', { Connection: 'close' });
      }
      this.inFlight.add(request);
      reply.raw.once('close', () => this.inFlight.delete(request));
    });
  }

  start(server: Server): void {
    if (this.draining) return;
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
