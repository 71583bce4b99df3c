import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { concatMap, from, lastValueFrom, type Observable } from 'rxjs';
import { PrismaService } from '../database/prisma.service.js';
import type { LoggedRequest } from './log-entry.js';
import { attachSapiEntry, LOGGED_BY_ITS_STATEMENT } from './sapi-entry.js';
import { LogRecorder } from './log-recorder.js';
import { commitsOnItsOwn, isManagementWrite, routePatternOf } from './management-writes.js';

/**
 * A management write runs in one request transaction: BEGIN before the pipe and handler, its
 * sapi entry INSERTed on the same connection, with the COMMIT, after the handler succeeds; then the reply.
 * So no write goes unlogged and no entry describes a rolled-back write. A failure rolls back and
 * is logged (fapi) by RequestLogHook, which also sees the refusals that never reach interceptors.
 * A handler with a @LoggedSapi() parameter gets no transaction: it receives the entry, built here
 * with the status the route answers on success, and its one statement inserts it.
 */
@Injectable()
export class ManagementWritesInterceptor implements NestInterceptor {
  // Per handler, read once: the success status of a self-logging handler, or null for the others.
  private readonly selfLogging = new WeakMap<object, number | null>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly recorder: LogRecorder,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<LoggedRequest>();
    const pattern = routePatternOf(request);
    if (!isManagementWrite(request.method, pattern)) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const status = this.successStatusIfSelfLogging(context.getHandler(), request.method);
    if (status !== null) {
      const entry = this.recorder.sapiEntry(request, pattern, status);
      attachSapiEntry(request, entry);
      // A success whose statement never took the entry (nothing to change) is still logged, on its own.
      return next.handle().pipe(
        concatMap(async (result: unknown) => {
          if (entry.pending) await this.recorder.writeSucceeded(request, pattern, status);
          return result;
        }),
      );
    }
    if (commitsOnItsOwn(request.method, pattern)) {
      return from(
        lastValueFrom(next.handle(), { defaultValue: undefined }).then(async (result: unknown) => {
          await this.recorder.writeSucceeded(request, pattern, reply.statusCode);
          return result;
        }),
      );
    }
    return from(
      this.prisma.inRequestTransaction(
        // next.handle() is called inside the transaction's async context, so the handler's statements join it.
        () => lastValueFrom(next.handle(), { defaultValue: undefined }),
        (client) => this.recorder.successStatement(request, pattern, reply.statusCode, client),
      ),
    );
  }

  // Nest's own rule for the success status: @HttpCode, else 201 for POST and 200 otherwise.
  private successStatusIfSelfLogging(handler: object, method: string): number | null {
    let status = this.selfLogging.get(handler);
    if (status === undefined) {
      status = this.reflector.get<boolean | undefined>(LOGGED_BY_ITS_STATEMENT, handler as () => unknown)
        ? (this.reflector.get<number | undefined>(HTTP_CODE_METADATA, handler as () => unknown) ?? (method === 'POST' ? 201 : 200))
        : null;
      this.selfLogging.set(handler, status);
    }
    return status;
  }
}
