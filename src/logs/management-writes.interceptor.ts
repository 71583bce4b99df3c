import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { PrismaService } from '../database/prisma.service.js';
import type { LoggedRequest } from './log-entry.js';
import { LogRecorder } from './log-recorder.js';
import { commitsOnItsOwn, isManagementWrite, routePatternOf } from './management-writes.js';

/**
 * A management write marked @LoggedWrite() runs in one request transaction: BEGIN before the pipe
 * and handler, its sapi entry INSERTed on the same connection, with the COMMIT, after the handler
 * succeeds; then the reply. So no write goes unlogged and no entry describes a rolled-back write.
 * A failure rolls back and is logged (fapi) by RequestLogHook, which also sees the refusals that
 * never reach interceptors.
 */
@Injectable()
export class ManagementWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly prisma: PrismaService,
    private readonly recorder: LogRecorder,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<LoggedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const pattern = routePatternOf(request);
    // @LoggedWrite() binds it to handlers that WriteLoggingCheck has confirmed are management writes;
    // this narrows the pattern's type, and anything else would pass untouched.
    if (!isManagementWrite(request.method, pattern)) return next.handle();
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
