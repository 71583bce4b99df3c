import { changePieces, SAPI_FIELDS, sapiParams, type ChangeFrame } from './sapi-statement.js';
import { storableJson } from './storable.js';

type EntryValue = string | null;

/**
 * The sapi entry of a write whose one statement inserts it (sapi-statement.ts), built before the
 * handler runs with the status the route answers on success, and handed down explicitly from the
 * handler to that statement. Taken once: a second statement gets NULLs and logs nothing. A
 * statement that changed nothing inserts nothing and releases it; RequestLogHook writes an entry
 * no statement kept on its own, with no changes.
 */
export class SapiEntry {
  private taken = false;
  private given?: readonly EntryValue[];

  /** `fields`: description, client_id, ip, user_agent, hostname, user_id; `members`: the details object's, without braces. */
  constructor(
    private readonly fields: readonly EntryValue[],
    private readonly members: string,
  ) {
    if (fields.length !== SAPI_FIELDS) throw new Error(`a sapi entry has ${SAPI_FIELDS} fields`);
  }

  /** The INSERT's parameters for `change` (sapi-statement.ts), the first time; NULLs after. */
  take(change: ChangeFrame): readonly EntryValue[] {
    if (this.taken) return Array.from({ length: sapiParams(change.op) }, () => null);
    this.taken = true;
    this.given = [...this.fields, ...changePieces(this.members, change, storableJson)];
    return this.given;
  }

  /**
   * The statement given `values` changed nothing, so it inserted no entry: the request's entry is
   * pending again. A statement that was given NULLs releases nothing.
   */
  release(values: readonly EntryValue[]): void {
    if (values === this.given) this.taken = false;
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
