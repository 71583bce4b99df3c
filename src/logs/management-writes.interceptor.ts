import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { PrismaService } from '../database/prisma.service.js';
import type { LoggedRequest } from './log-entry.js';
import { LOGGED_BY_ITS_STATEMENT } from './logged-by-its-statement.decorator.js';
import { LogRecorder } from './log-recorder.js';
import { commitsOnItsOwn, isManagementWrite, routePatternOf } from './management-writes.js';

/**
 * A management write runs in one request transaction: BEGIN before the pipe and handler, its
 * sapi entry INSERTed on the same connection, with the COMMIT, after the handler succeeds; then the reply.
 * So no write goes unlogged and no entry describes a rolled-back write. A failure rolls back and
 * is logged (fapi) by RequestLogHook, which also sees the refusals that never reach interceptors.
 * A handler marked @LoggedByItsStatement() gets no transaction: its one statement carries the
 * entry built here, before it runs, with the status the route answers on success.
 */
@Injectable()
export class ManagementWritesInterceptor implements NestInterceptor {
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
    const handler = context.getHandler();
    if (this.reflector.get<boolean | undefined>(LOGGED_BY_ITS_STATEMENT, handler)) {
      const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, handler) ?? (request.method === 'POST' ? 201 : 200);
      const entry = this.recorder.successParameter(request, pattern, status);
      return from(
        this.prisma.withLoggedStatement(entry, async () => {
          const result: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
          // A success whose statement never ran (nothing to change) is still logged, on its own.
          if (this.prisma.logEntryPending()) await this.recorder.writeSucceeded(request, pattern, status);
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
}
