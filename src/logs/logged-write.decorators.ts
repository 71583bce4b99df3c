import { createParamDecorator, UseInterceptors, type ExecutionContext } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import type { LoggedRequest } from './log-entry.js';
import { ManagementWritesInterceptor } from './management-writes.interceptor.js';
import { SapiEntryPipe, type SapiEntrySource } from './sapi-entry.pipe.js';

/**
 * How a management write handler is logged; every one carries exactly one of these two, which
 * WriteLoggingCheck verifies at boot. They sit on the handlers rather than globally because any
 * interceptor, even one that passes a request straight through, costs Nest's Observable pipeline
 * on every route it is bound to (a fifth of a read's CPU: bench/NOTES.md, "ninth session").
 */

/** A write that runs in a request transaction whose COMMIT carries its sapi entry (ManagementWritesInterceptor). */
export const LoggedWrite = (): MethodDecorator => UseInterceptors(ManagementWritesInterceptor);

export const LOGGED_BY_ITS_STATEMENT = 'tenant-log:logged-by-its-statement';

const entrySource = createParamDecorator((_: unknown, context: ExecutionContext): SapiEntrySource => {
  const request = context.switchToHttp().getRequest<LoggedRequest>();
  return { request, successStatus: successStatus(context.getHandler(), request.method) };
});

/**
 * A handler parameter that receives the request's sapi entry, for the one statement that both
 * writes and logs: `update(@Param('id') id: string, @LoggedSapi() entry: SapiEntry)`. No request
 * transaction: the statement is atomic on its own. The decorator that asks for the entry is the
 * one that says the handler writes it.
 */
export function LoggedSapi(): ParameterDecorator {
  return (target, key, index) => {
    if (key === undefined) throw new Error('@LoggedSapi() belongs on a handler parameter');
    entrySource(undefined, SapiEntryPipe)(target, key, index);
    Reflect.defineMetadata(LOGGED_BY_ITS_STATEMENT, true, (target as Record<string | symbol, object>)[key]);
  };
}

// Nest's own rule for the success status: @HttpCode, else 201 for POST and 200 otherwise. Read per
// handler once.
const statuses = new WeakMap<object, number>();
function successStatus(handler: object, method: string): number {
  let status = statuses.get(handler);
  if (status === undefined) {
    status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200);
    statuses.set(handler, status);
  }
  return status;
}
