import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import pg from 'pg';
import { columnNames } from '../database/column-list.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { TenantLog } from '../generated/prisma/client.js';
import { FIRST, LOG_ID_SQL, parseLogId, positionAfter } from './log-id.js';
import type { NewLogEntry } from './log-entry.js';
import type { LogFilter } from './log-search.js';
import { storable, storableJson } from './storable.js';

// seq and tx_id are the ordering behind log_id, not part of Auth0's log event.
type StoredLogRow = Omit<TenantLog, 'seq' | 'tx_id' | 'details'>;
/** An entry as the API and log streams read it: details as JSON text, checked by PostgreSQL, not parsed (logJson). */
export type LogTextRow = StoredLogRow & { log_id: string; details: string | null };
/** details are stored as the JSON text the service wrote; read as json, PostgreSQL checks them. */
export const DETAILS_SQL = 'details::json AS details';
const JSON_OID = 114;
const unparsed = (value: string) => value;
const parserOf = pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown;
// The API and log streams send details as they are stored: parsing a page of them only to serialize
// them again cost about a fifth of GET /logs' CPU (docs/performance.md, "Log details as text").
// PostgreSQL's json cast still checks each one.
export const DETAILS_AS_TEXT: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === JSON_OID ? unparsed : parserOf(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
const STORED_FIELDS = columnNames<StoredLogRow>()(
  'date',
  'type',
  'description',
  'client_id',
  'client_name',
  'ip',
  'user_agent',
  'hostname',
  'user_id',
  'user_name',
  'audience',
  'scope',
  'organization_id',
  'organization_name',
);
/** An event's properties but details, in the order the API answers them. */
export const LOG_FIELDS = ['log_id', ...STORED_FIELDS] as const;
const LOG_COLUMNS = `${LOG_ID_SQL} AS log_id, ${STORED_FIELDS.join(', ')}, ${DETAILS_SQL}`;

// One statement: the client's and organization's names and the transaction's captured changes are
// read inside the INSERT (tenant_log_write, src/database/schema/functions.ts), which Prisma cannot express.
const INSERT_SQL = 'SELECT tenant_log_write($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::boolean)';
// Turns on the capture triggers (the tables of src/database/schema/captured-tables.ts) for the rest of the transaction.
const CAPTURE_SQL = "SET LOCAL tenant_log.capture = 'on'";

// Small batches, each its own statement and transaction, so pruning never holds long locks.
// Hourly on every instance: through the pool, like the start's reads, so an instance serving only
// the token endpoint and the hot writes never loads Prisma's query compiler (PrismaService.onModuleInit).
const PRUNE_SQL = `
  WITH pruned AS (
    DELETE FROM tenant_logs WHERE (tx_id, seq) IN (
      SELECT tx_id, seq FROM tenant_logs WHERE date < $1 ORDER BY date LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int AS deleted FROM pruned`;

// Entries of transactions older than every running one are final: a checkpoint reader that only
// sees those never skips an entry whose transaction commits after a later one's.
const FINAL = `tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

@Injectable()
export class LogsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  /** For the rest of the open transaction, its changed rows are recorded for its entry. */
  async captureChanges(): Promise<void> {
    await this.txHost.tx.$executeRawUnsafe(CAPTURE_SQL);
  }

  /**
   * Inside a write's transaction, the entry joins it and carries the rows the transaction changed;
   * outside one (refusals, token requests), it is a statement of its own.
   */
  async insert(entry: NewLogEntry): Promise<void> {
    await this.prisma.execute(INSERT_SQL, insertValues(entry, this.txHost.isTransactionActive()));
  }

  async find(logId: string): Promise<LogTextRow | undefined> {
    const position = parseLogId(logId);
    if (!position) return undefined;
    const [row] = await this.prisma.sql<LogTextRow>(
      `SELECT ${LOG_COLUMNS} FROM tenant_logs WHERE seq = $1 AND tx_id = $2`,
      [String(position.seq), String(position.tx)],
      DETAILS_AS_TEXT,
    );
    return row;
  }

  /** Checkpoint paging: final entries after `from` (from the oldest without it), in log_id order. */
  after(from: string | undefined, take: number): Promise<LogTextRow[]> {
    const bound = from === undefined ? FIRST : positionAfter(from);
    return this.prisma.sql<LogTextRow>(
      `SELECT ${LOG_COLUMNS} FROM tenant_logs
        WHERE ${FINAL} AND (tx_id, seq) > ($1::bigint, $2::bigint)
        ORDER BY tenant_logs.tx_id, tenant_logs.seq LIMIT $3`,
      [String(bound.tx), String(bound.seq), take],
      DETAILS_AS_TEXT,
    );
  }

  /** Search paging: entries matching the filter, by date (log_id order breaks ties, so pages never overlap). */
  search(filter: LogFilter, order: 'asc' | 'desc', skip: number, take: number): Promise<LogTextRow[]> {
    const values = [...filter.values, take, skip];
    const n = filter.values.length;
    return this.prisma.sql<LogTextRow>(
      `SELECT ${LOG_COLUMNS} FROM tenant_logs WHERE ${filter.sql} ORDER BY date ${order}, tx_id ${order}, seq ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      values,
      DETAILS_AS_TEXT,
    );
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { user_id: userId } })) > 0;
  }

  async count(filter: LogFilter): Promise<number> {
    const [row] = await this.prisma.sql<{ total: number }>(
      `SELECT count(*)::int AS total FROM tenant_logs WHERE ${filter.sql}`,
      filter.values,
    );
    return row.total;
  }

  /** Deletes up to `batch` entries dated before `cutoff`; how many it deleted. */
  async pruneBatch(cutoff: Date, batch: number): Promise<number> {
    const [{ deleted }] = await this.prisma.sql<{ deleted: number }>(PRUNE_SQL, [cutoff, batch]);
    return deleted;
  }
}

function insertValues(entry: NewLogEntry, withChanges: boolean): (string | boolean | null)[] {
  const { type, description, details } = entry;
  const optional = [
    entry.client_id,
    entry.ip,
    entry.user_agent,
    entry.hostname,
    entry.user_id,
    entry.audience,
    entry.scope,
    entry.organization_id,
  ];
  const text = (value: string | undefined) => (value === undefined ? null : storable(value));
  return [type, text(description), ...optional.map(text), storableJson(details), withChanges];
}
