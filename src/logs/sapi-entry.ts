import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { SAPI_PARAMS } from './sapi-statement.js';

export const LOGGED_BY_ITS_STATEMENT = 'tenant-log:logged-by-its-statement';

type EntryValue = string | null;
const NOTHING: readonly EntryValue[] = Array.from({ length: SAPI_PARAMS }, () => null);

/**
 * The sapi entry of a write whose one statement inserts it (sapi-statement.ts), built before the
 * handler runs with the status the route answers on success, and handed down explicitly from the
 * handler to that statement. Taken once: a second statement gets NULLs and logs nothing, and
 * ManagementWritesInterceptor writes an entry no statement took on its own.
 */
export class SapiEntry {
  private taken = false;

  constructor(private readonly values: readonly EntryValue[]) {
    if (values.length !== SAPI_PARAMS) throw new Error(`a sapi entry has ${SAPI_PARAMS} values`);
  }

  /** The INSERT's parameters (insertSapiSql), the first time; NULLs after. */
  take(): readonly EntryValue[] {
    if (this.taken) return NOTHING;
    this.taken = true;
    return this.values;
  }

  get pending(): boolean {
    return !this.taken;
  }
}

const ENTRY = Symbol('sapi entry');
interface CarryingRequest {
  [ENTRY]?: SapiEntry;
}

/** ManagementWritesInterceptor's side: the entry the handler's @LoggedSapi() parameter receives. */
export function attachSapiEntry(request: object, entry: SapiEntry): void {
  (request as CarryingRequest)[ENTRY] = entry;
}

const entryParameter = createParamDecorator((_: unknown, context: ExecutionContext): SapiEntry => {
  const entry = context.switchToHttp().getRequest<CarryingRequest>()[ENTRY];
  // Fails closed: a write that would go unlogged is refused instead.
  if (!entry) throw new Error('no sapi entry for this request: is it a management write?');
  return entry;
});

/**
 * A handler parameter that receives the request's sapi entry, for the one statement that both
 * writes and logs: `update(@Param('id') id: string, @LoggedSapi() entry: SapiEntry)`. It also
 * marks the handler, so ManagementWritesInterceptor builds the entry instead of opening a request
 * transaction; the decorator that asks for the entry is the one that says the handler writes it.
 */
export function LoggedSapi(): ParameterDecorator {
  return (target, key, index) => {
    entryParameter()(target, key, index);
    if (key === undefined) throw new Error('@LoggedSapi() belongs on a handler parameter');
    Reflect.defineMetadata(LOGGED_BY_ITS_STATEMENT, true, (target as Record<string | symbol, object>)[key]);
  };
}
