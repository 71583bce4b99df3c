import { SAPI_PARAMS } from './sapi-statement.js';

type EntryValue = string | null;
const NOTHING: readonly EntryValue[] = Array.from({ length: SAPI_PARAMS }, () => null);

/**
 * The sapi entry of a write whose one statement inserts it (sapi-statement.ts), built before the
 * handler runs with the status the route answers on success, and handed down explicitly from the
 * handler to that statement. Taken once: a second statement gets NULLs and logs nothing, and
 * RequestLogHook writes an entry no statement took on its own.
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

/** SapiEntryPipe's side: the entry it gave the handler stays with the request. */
export function attachSapiEntry(request: object, entry: SapiEntry): void {
  (request as CarryingRequest)[ENTRY] = entry;
}

/** RequestLogHook's side: the request's entry if a handler received one and no statement took it. */
export function pendingSapiEntry(request: object): SapiEntry | undefined {
  const entry = (request as CarryingRequest)[ENTRY];
  return entry?.pending ? entry : undefined;
}
