import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { JsonLogger } from '../common/json-logger.js';
import type { LoggedRequest } from './log-entry.js';
import { LogRecorder } from './log-recorder.js';
import { isManagementWrite, isTokenRequest, routePatternOf } from './management-writes.js';

/**
 * The one owner of entries written from the response: every failed management write (fapi),
 * whether the guards refused it (401/403/429, which never reach an interceptor), the pipe (400)
 * or the handler (404/409, rolled back by ManagementWritesInterceptor first); and every token
 * request (seccft / feccft / secte / fecte). A Fastify onSend hook sees each of them with its
 * status and body. A fapi is written before the reply goes out, so a client that reads the logs
 * after its refusal finds it; a token request's entry is written beside the reply, off its path.
 */
@Injectable()
export class RequestLogHook {
  constructor(
    private readonly recorder: LogRecorder,
    private readonly logger: JsonLogger,
  ) {}

  /** The entry the reply must wait for, if any (it never rejects: a failure is reported instead). */
  onSend(request: LoggedRequest, reply: FastifyReply, payload: unknown): Promise<void> | undefined {
    // A 503 is the database failing (common/database-unavailable.ts): the entry could not be written there either.
    if (reply.statusCode === 503) return undefined;
    const pattern = routePatternOf(request);
    if (isManagementWrite(request.method, pattern)) {
      // A success was logged inside its own transaction (ManagementWritesInterceptor).
      if (reply.statusCode < 400) return undefined;
      return this.recorder
        .writeFailed(request, pattern, reply.statusCode, parse(payload))
        .catch((error: unknown) => this.failed(error, request));
    }
    if (isTokenRequest(request.method, pattern)) {
      void this.recorder.tokenRequested(request, reply.statusCode, parse(payload)).catch((error: unknown) => this.failed(error, request));
    }
    return undefined;
  }

  // A log entry that cannot be written must not turn the answer into an error: it is reported instead.
  private failed(error: unknown, request: LoggedRequest): void {
    this.logger.write('error', `tenant log entry not written: ${(error as Error).message}`, { reqId: request.id, path: request.url });
  }
}

function parse(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}
