import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../database/prisma.service.js';
import { LOG_ID_SQL } from '../../logs/log-id.js';
import { DETAILS_AS_TEXT, DETAILS_SQL } from '../../logs/logs.repository.js';
import type { LogStreamFilter, StoredSink } from '../log-stream-records.js';
import type { LogEntryRow } from './log-event.js';

/** A stream as one delivery needs it, read when its lease is taken. Bigints as text. */
export interface LeasedStream {
  id: string;
  sink: StoredSink;
  sink_secret: string | null;
  filters: LogStreamFilter[] | null;
  cursor_tx: string;
  cursor_seq: string;
  failures: number;
}

export interface Cursor {
  tx: string;
  seq: string;
}

// Straight to the pool: these run for every stream on every poll of every instance.
// Only http sinks are delivered to; the other types are stored, no effect yet.
const DUE = `(status = 'active' AND type = 'http' AND (retry_at IS NULL OR retry_at <= now()) AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $1))`;
const DUE_SQL = `SELECT id FROM log_streams WHERE ${DUE} ORDER BY id`;
// The lease is a row stamp, not a row lock: a transaction held open through an HTTP request would
// hold back the snapshot xmin that decides which entries are final (see ENTRIES_SQL).
const LEASE_SQL = `
  UPDATE log_streams SET lease_owner = $1, lease_until = now() + make_interval(secs => $3::double precision / 1000)
   WHERE id = $2 AND ${DUE}
  RETURNING id, sink, sink_secret, filters, cursor_tx::text, cursor_seq::text, failures`;
// Entries in (tx_id, seq) order after the cursor, from transactions older than every one still running:
// those have all committed or aborted, and any entry written later gets a larger tx_id, so an entry
// committed late is still ahead of the cursor, never behind it. pg_current_snapshot() is the statement's
// own snapshot, so every transaction below its xmin is visible to this very read. The ORDER BY names the
// table's columns: the bare names would be the text outputs, and '1000' sorts before '999'.
const ENTRIES_SQL = `
  SELECT seq::text, tx_id::text, ${LOG_ID_SQL} AS log_id, date, type, description, client_id, client_name, ip, user_agent,
         hostname, user_id, user_name, audience, scope, organization_id, organization_name, ${DETAILS_SQL}
    FROM tenant_logs
   WHERE (tx_id, seq) > ($1::bigint, $2::bigint)
     AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
   ORDER BY tenant_logs.tx_id, tenant_logs.seq
   LIMIT $3`;
// Only the lease holder moves the cursor: an instance whose lease was taken over must not undo the new holder's progress.
const ADVANCE_SQL = `
  UPDATE log_streams SET cursor_tx = $3::bigint, cursor_seq = $4::bigint, failures = 0, retry_at = NULL, last_error = NULL
   WHERE id = $1 AND lease_owner = $2
  RETURNING id`;
const FAIL_SQL = `
  UPDATE log_streams
     SET cursor_tx = COALESCE($3::bigint, cursor_tx), cursor_seq = COALESCE($4::bigint, cursor_seq),
         failures = failures + 1, last_error = $5,
         retry_at = now() + make_interval(secs => $6::double precision / 1000),
         status = CASE WHEN status = 'active' AND failures + 1 >= $7 THEN 'suspended' ELSE status END,
         lease_owner = NULL, lease_until = NULL
   WHERE id = $1 AND lease_owner = $2
  RETURNING status`;
const RELEASE_SQL = `UPDATE log_streams SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`;
const RELEASE_ALL_SQL = `UPDATE log_streams SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`;

@Injectable()
export class LogStreamDeliveryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Active streams due for an attempt whose lease is free (or already `owner`'s). */
  async dueStreams(owner: string): Promise<string[]> {
    return (await this.prisma.sql<{ id: string }>(DUE_SQL, [owner])).map((row) => row.id);
  }

  /** Takes or renews the stream's lease; undefined when it is not due, not active, or leased by another instance. */
  async lease(id: string, owner: string, leaseMs: number): Promise<LeasedStream | undefined> {
    return (await this.prisma.sql<LeasedStream>(LEASE_SQL, [owner, id, leaseMs])).at(0);
  }

  entriesAfter(cursor: Cursor, limit: number): Promise<LogEntryRow[]> {
    return this.prisma.sql<LogEntryRow>(ENTRIES_SQL, [cursor.tx, cursor.seq, limit], DETAILS_AS_TEXT);
  }

  /** False when the lease was lost meanwhile (then the cursor is not moved). */
  async advance(id: string, owner: string, cursor: Cursor): Promise<boolean> {
    return (await this.prisma.sql(ADVANCE_SQL, [id, owner, cursor.tx, cursor.seq])).length > 0;
  }

  /** Records a failed attempt (and the part delivered before it, if any) and lets the lease go; the stream's status after it. */
  async fail(
    id: string,
    owner: string,
    failure: { reached?: Cursor; error: string; retryInMs: number; suspendAfter: number },
  ): Promise<string | undefined> {
    const rows = await this.prisma.sql<{ status: string }>(FAIL_SQL, [
      id,
      owner,
      failure.reached?.tx ?? null,
      failure.reached?.seq ?? null,
      failure.error,
      failure.retryInMs,
      failure.suspendAfter,
    ]);
    return rows.at(0)?.status;
  }

  async release(id: string, owner: string): Promise<void> {
    await this.prisma.sql(RELEASE_SQL, [id, owner]);
  }

  async releaseAll(owner: string): Promise<void> {
    await this.prisma.sql(RELEASE_ALL_SQL, [owner]);
  }
}
