import type { CacheOp, CacheRecord } from './protocol.js';

// Auth0's Actions cache limits (docs: Actions Limitations, "Cached data").
const MAX_KEY_BYTES = 64;
const MAX_VALUE_BYTES = 4096;
const MAX_TOTAL_BYTES = 8192;
const MAX_ENTRIES = 20;
const DEFAULT_TTL_MS = 15 * 60_000;
const MAX_TTL_MS = 24 * 60 * 60_000;

type WriteResult = { type: 'success' } | { type: 'error'; code: string };

// Auth0 documents a `code` on failed writes but not its values; these names are ours.
const error = (code: string): WriteResult => ({ type: 'error', code });
const bytes = (text: string): number => new TextEncoder().encode(text).length;

/**
 * api.cache over the trigger's unexpired entries loaded before the run. Reads are synchronous, as
 * in Auth0; writes are recorded as ops and applied to the shared table once the run has ended.
 */
export class ActionCache {
  private readonly entries: Map<string, CacheRecord>;
  readonly ops: CacheOp[] = [];

  constructor(loaded: Record<string, CacheRecord>) {
    this.entries = new Map(Object.entries(loaded));
  }

  get(key: unknown): CacheRecord | undefined {
    if (typeof key !== 'string') return undefined;
    const record = this.entries.get(key);
    if (!record || record.expires_at <= Date.now()) return undefined;
    return { value: record.value, expires_at: record.expires_at };
  }

  set(key: unknown, value: unknown, options?: unknown): WriteResult {
    if (typeof key !== 'string' || key.length === 0) return error('invalid_key');
    if (typeof value !== 'string') return error('invalid_value');
    if (bytes(key) > MAX_KEY_BYTES) return error('key_too_large');
    if (bytes(value) > MAX_VALUE_BYTES) return error('value_too_large');
    const expiresAt = this.expiry(options);
    if (expiresAt === undefined) return error('invalid_options');
    const others = [...this.live()].filter(([k]) => k !== key);
    if (others.length >= MAX_ENTRIES) return error('too_many_entries');
    const total = others.reduce((sum, [k, r]) => sum + bytes(k) + bytes(r.value), bytes(key) + bytes(value));
    if (total > MAX_TOTAL_BYTES) return error('cache_full');
    this.entries.set(key, { value, expires_at: expiresAt });
    this.ops.push({ op: 'set', key, value, expires_at: expiresAt });
    return { type: 'success' };
  }

  delete(key: unknown): WriteResult {
    if (typeof key !== 'string' || key.length === 0) return error('invalid_key');
    this.entries.delete(key);
    this.ops.push({ op: 'delete', key });
    return { type: 'success' };
  }

  private *live(): Iterable<[string, CacheRecord]> {
    const now = Date.now();
    for (const entry of this.entries) if (entry[1].expires_at > now) yield entry;
  }

  /** `ttl` in milliseconds or `expires_at` in milliseconds since the epoch; never past Auth0's 24 h. */
  private expiry(options: unknown): number | undefined {
    const now = Date.now();
    const { ttl, expires_at } = (typeof options === 'object' && options !== null ? options : {}) as { ttl?: unknown; expires_at?: unknown };
    let at = now + DEFAULT_TTL_MS;
    if (ttl !== undefined) {
      if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) return undefined;
      at = now + ttl;
    } else if (expires_at !== undefined) {
      if (typeof expires_at !== 'number' || !Number.isFinite(expires_at) || expires_at <= now) return undefined;
      at = expires_at;
    }
    return Math.floor(Math.min(at, now + MAX_TTL_MS));
  }
}
