import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppLogger } from './app-logger.js';
import { toErrorResponse } from './error-mapper.js';
import { TOKEN_ROUTE } from './oauth-error.js';

/** The only place an error body is sent from inside Nest's pipeline. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: AppLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.logger);
  }
}

export function sendError(exception: unknown, request: FastifyRequest, reply: FastifyReply, logger: AppLogger): void {
  const { status, body, headers, unexpected } = toErrorResponse(exception, { oauthEndpoint: request.url.startsWith(`/${TOKEN_ROUTE}`) });
  if (unexpected) {
    const err = exception as Error;
    logger.write('error', err?.message ?? String(exception), {
      reqId: request.id,
      method: request.method,
      path: request.url,
      status,
      stack: err?.stack,
    });
  }
  if (reply.sent) return;
  reply.headers(headers).code(status).type('application/json; charset=utf-8').send(body);
}
