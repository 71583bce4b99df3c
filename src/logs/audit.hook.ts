import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { JsonLogger } from '../common/json-logger.js';
import { existingAudit } from './audit-record.js';
import type { LoggedRequest } from './log-entry.js';
import { LogRecorder } from './log-recorder.js';
import { isManagementWrite, isTokenRequest, routePatternOf } from './management-writes.js';

/**
 * Writes a request's tenant log entry once its reply is final (the last onSend hook, after any
 * hook that may still change the status, such as the limiter's 429), unless its write's
 * transaction already holds it: a management write's failure (fapi), whether the guards, the pipe
 * or the handler refused it; the success of a write that commits on its own; every token request.
 * A management write's entry is written before the reply goes out, so a client that reads the logs
 * after its answer finds it; a token request's, and a 503's (the database is failing, so writing may
 * wait for the connection timeout), beside the reply, off its path.
 */
@Injectable()
export class AuditHook {
  constructor(
    private readonly recorder: LogRecorder,
    private readonly logger: JsonLogger,
  ) {}

  /** The entry the reply must wait for, if any (it never rejects: a failure is reported instead). */
  onSend(request: LoggedRequest, reply: FastifyReply): Promise<void> | undefined {
    const pattern = routePatternOf(request);
    const record = existingAudit(request);
    const status = reply.statusCode;
    if (isManagementWrite(request.method, pattern)) {
      if (record?.written) return undefined;
      const entry = (
        status < 400
          ? this.recorder.writeSucceeded(request, pattern, status)
          : this.recorder.writeFailed(request, pattern, status, record?.error)
      ).catch((error: unknown) => this.failed(error, request));
      return status === 503 ? undefined : entry;
    }
    if (isTokenRequest(request.method, pattern)) {
      void this.recorder.tokenRequested(request, status, record).catch((error: unknown) => this.failed(error, request));
    }
    return undefined;
  }

  // A log entry that cannot be written must not turn the answer into an error: it is reported instead.
  private failed(error: unknown, request: LoggedRequest): void {
    this.logger.write('error', `tenant log entry not written: ${(error as Error).message}`, { reqId: request.id, path: request.url });
  }
}
