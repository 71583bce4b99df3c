import type { LoggerService } from '@nestjs/common';
import type { LogLevel } from '../config/env.schema.js';

const BOOT_EXCEPTION_CONTEXT = 'ExceptionHandler';

const SEVERITY: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

/**
 * The service's one logger: one JSON object per line on stdout, so log shippers need no parsing
 * rules; request lines and error lines carry the request id (`reqId`). Injected where a class
 * logs (CommonModule provides it at the configured level) and given to Nest as its logger, so
 * Nest's own messages and those written through Nest's `Logger` facade come out here too.
 */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(level: LogLevel = 'info') {
    this.threshold = SEVERITY[level];
  }

  enabled(level: LogLevel): boolean {
    return SEVERITY[level] <= this.threshold;
  }

  write(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
    if (!this.enabled(level)) return;
    process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
  }

  log(message: unknown, context?: string): void {
    this.write('info', String(message), context ? { context } : {});
  }

  error(message: unknown, trace?: string, context?: string): void {
    // Nest's ExceptionHandler reports only a failed boot, which main.ts already reports in one line.
    if (context === BOOT_EXCEPTION_CONTEXT) return;
    this.write('error', String(message), { ...(context ? { context } : {}), ...(trace ? { trace } : {}) });
  }

  warn(message: unknown, context?: string): void {
    this.write('warn', String(message), context ? { context } : {});
  }

  debug(message: unknown, context?: string): void {
    this.write('debug', String(message), context ? { context } : {});
  }

  verbose(message: unknown, context?: string): void {
    this.debug(message, context);
  }
}
