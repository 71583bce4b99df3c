import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditOf } from '../logs/audit-record.js';
import { isTokenPath } from '../routes.js';
import { toErrorResponse, type ErrorResponse } from './error-mapper.js';
import { JsonLogger } from './json-logger.js';

/**
 * Where error bodies are sent from: Nest's pipeline, and Fastify's errors that reach Nest's
 * error handler (body parsing, hooks). Router errors call sendError directly (see createAdapter).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // The client's own request stream failed (it went away, or a timeout closed it): nobody is left to answer.
    if (exception === request.raw.errored) return;
    const { status, unexpected } = sendError(exception, request, reply);
    if (unexpected) {
      const err = exception as Partial<Error> | null | undefined;
      this.logger.write('error', err?.message ?? String(exception), {
        reqId: request.id,
        method: request.method,
        path: request.url,
        status,
        stack: err?.stack,
      });
    }
  }
}

/** Maps the error and sends its body, unless a response is already out. */
export function sendError(exception: unknown, request: FastifyRequest, reply: FastifyReply): ErrorResponse {
  const response = toErrorResponse(exception, { oauthEndpoint: isTokenPath(request.url) });
  auditOf(request).error = response.body;
  if (!reply.sent) void reply.headers(response.headers).code(response.status).type('application/json; charset=utf-8').send(response.body);
  return response;
}
