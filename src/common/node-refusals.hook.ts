import { HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from './api-error.js';

const CONTINUE = /^100-continue$/i;

/**
 * The two refusals Node's HTTP server would otherwise send itself, with an empty body: an HTTP/1.1
 * request without Host (RFC 9112 §3.2 says 400) and an Expect other than 100-continue (417). The
 * server hands both on instead (createAdapter), so they are answered here in the error shape,
 * through the same hooks as every other answer. `Connection: close`, as Node did: the client and
 * the server may not agree on where the next request starts.
 * A callback hook: nothing to await, so no promise per request.
 */
export function refuseWhatNodeWould(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const { host, expect } = request.headers;
  if (host === undefined && request.raw.httpVersion === '1.1') {
    done(
      new ApiError(HttpStatus.BAD_REQUEST, 'malformed_request', 'An HTTP/1.1 request must carry a Host header.', { Connection: 'close' }),
    );
  } else if (expect !== undefined && !CONTINUE.test(expect)) {
    done(
      new ApiError(HttpStatus.EXPECTATION_FAILED, 'expectation_failed', 'Only the 100-continue expectation is supported.', {
        Connection: 'close',
      }),
    );
  } else {
    done();
  }
}
