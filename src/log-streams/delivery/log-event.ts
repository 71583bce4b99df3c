import { toLogView } from '../../logs/dto/log.view.js';
import type { LogRow } from '../../logs/logs.repository.js';

/** A tenant_logs row as the delivery reads it: the log event, and its ordering (bigints as text, as pg returns them). */
export type LogEntryRow = LogRow & { seq: string; tx_id: string };

/** What one entry of a delivery looks like: Auth0's `{log_id, data}`, `data` the log event as GET /logs shows it. */
export interface StreamedLog {
  log_id: string;
  data: Record<string, unknown>;
}

export function toStreamedLog(entry: LogEntryRow): StreamedLog {
  // toLogView takes the event's own fields: the ordering columns (seq, tx_id) are ours, not Auth0's.
  return { log_id: entry.log_id, data: toLogView(entry) as unknown as Record<string, unknown> };
}
