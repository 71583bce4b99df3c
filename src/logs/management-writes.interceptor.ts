import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config.js';
import type { PrismaTx } from '../database/transactions.js';
import type { LoggedRequest } from './log-entry.js';
import { LogRecorder } from './log-recorder.js';
import { commitsOnItsOwn, isManagementWrite, routePatternOf } from './management-writes.js';

// Enough statement timeouts for the longest write (a connection and its users, an action's versions).
const WRITE_STATEMENTS = 4;

/**
 * Every management write (a write under /api/v2) runs in one transaction, opened here before the
 * pipe and the handler: the repositories' statements join it through the TransactionHost, the
 * database's triggers capture the rows they change, and the sapi entry with those changes is
 * inserted last, before COMMIT. So no write goes unlogged and no entry describes a rolled-back
 * write. A failure rolls back and is logged (fapi) by RequestLogHook, which also sees the refusals
 * that never reach an interceptor. Bound globally, so a new write handler cannot forget it.
 */
@Injectable()
export class ManagementWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly txHost: TransactionHost<PrismaTx>,
    private readonly recorder: LogRecorder,
    private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<LoggedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const pattern = routePatternOf(request);
    if (!isManagementWrite(request.method, pattern)) return next.handle();
    const handled = (): Promise<unknown> => lastValueFrom(next.handle(), { defaultValue: undefined });
    // Nest has set the route's success status before interceptors run; the entry records it.
    if (commitsOnItsOwn(request.method, pattern)) {
      return from(
        handled().then(async (result: unknown) => (await this.recorder.writeSucceeded(request, pattern, reply.statusCode), result)),
      );
    }
    // Starting takes a connection and BEGIN, each bounded by the driver already: Prisma's own waits
    // only catch what those bounds let through. Each statement of a write is bounded as well.
    const { databaseConnectTimeoutMs: connect, databaseStatementTimeoutMs: statement } = this.config;
    const limits = { maxWait: connect + statement, timeout: WRITE_STATEMENTS * statement };
    return from(
      this.txHost.withTransaction(limits, async () => {
        await this.recorder.captureChanges();
        const result = await handled();
        await this.recorder.writeSucceeded(request, pattern, reply.statusCode);
        return result;
      }),
    );
  }
}
