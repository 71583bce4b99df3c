import type { Server } from 'node:http';
import { HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
export class ConnectionDrain {
  private leaving = false;
  private draining = false;
  private readonly inFlight = new Set<FastifyRequest>();

  /** True from SIGTERM on: the instance must receive no new traffic. */
  get isLeaving(): boolean {
    return this.leaving;
  }

  /** For an onRequest hook: the 503 once draining, else the request is tracked until its reply closes. */
  onRequest(request: FastifyRequest, reply: FastifyReply): ApiError | undefined {
    if (this.draining) return shuttingDown({ Connection: 'close' });
    this.inFlight.add(request);
    reply.raw.once('close', () => this.inFlight.delete(request));
    return undefined;
  }

  /**
   * For an onSend hook, not onRequest: requests already in flight when the window opens close their
   * connection too, and error responses pass here as well. Node ends the connection after a response carrying it.
   */
  onSend(reply: FastifyReply): void {
    if (this.leaving) void reply.header('Connection', 'close');
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
