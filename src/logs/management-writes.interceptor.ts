import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { FastifyReply } from 'fastify';
import { ClsService } from 'nestjs-cls';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config.js';
import type { PrismaTx } from '../database/transactions.js';
import { auditOf } from './audit-record.js';
import type { LoggedRequest } from './log-entry.js';
import { LogRecorder } from './log-recorder.js';
import { CURRENT_WRITE, MANAGEMENT_WRITE_KEY, type WriteRun } from './management-write.decorator.js';
import { commitsOnItsOwn, isManagementWrite, routePatternOf } from './management-writes.js';

// Enough statement timeouts for the longest write (a connection and its users, an action's versions).
const WRITE_STATEMENTS = 4;

/**
 * Every management write (a write under /api/v2) runs in one transaction, opened by its handler's
 * @ManagementWrite() once the guards and the pipe have let it through: the repositories' statements
 * join it through the TransactionHost, the database's triggers capture the rows they change, and the
 * sapi entry with those changes is inserted last, before COMMIT. So no write goes unlogged and no
 * entry describes a rolled-back write; anything else a request ends with is logged by AuditHook once
 * its reply is final. Bound globally; a write handler without the decorator is refused, not run unlogged.
 */
@Injectable()
export class ManagementWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly txHost: TransactionHost<PrismaTx>,
    private readonly cls: ClsService,
    private readonly recorder: LogRecorder,
    private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<LoggedRequest>();
    const pattern = routePatternOf(request);
    if (!isManagementWrite(request.method, pattern)) return next.handle();
    if (Reflect.getMetadata(MANAGEMENT_WRITE_KEY, context.getHandler()) !== true) {
      throw new Error(`${request.method} ${pattern} is a management write without @ManagementWrite()`);
    }
    // Its success is logged by AuditHook after its own commit, as any write's failure.
    if (commitsOnItsOwn(request.method, pattern)) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const write: WriteRun = { run: (handler) => this.inTransaction(request, pattern, reply, handler) };
    return from(
      this.cls.run(() => {
        this.cls.set(CURRENT_WRITE, write);
        return lastValueFrom(next.handle(), { defaultValue: undefined });
      }),
    );
  }

  private async inTransaction<T>(request: LoggedRequest, pattern: string, reply: FastifyReply, handler: () => Promise<T>): Promise<T> {
    // Starting takes a connection and BEGIN, each bounded by the driver already: Prisma's own waits
    // only catch what those bounds let through. Each statement of a write is bounded as well.
    const { databaseConnectTimeoutMs: connect, databaseStatementTimeoutMs: statement } = this.config;
    const limits = { maxWait: connect + statement, timeout: WRITE_STATEMENTS * statement };
    const result = await this.txHost.withTransaction(limits, async () => {
      await this.recorder.captureChanges();
      const value = await handler();
      // Nest has set the route's success status before the handler runs; the entry records it.
      await this.recorder.writeSucceeded(request, pattern, reply.statusCode);
      return value;
    });
    auditOf(request).written = true;
    return result;
  }
}
