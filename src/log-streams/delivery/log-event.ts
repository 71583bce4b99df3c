import { logJson } from '../../logs/dto/log.view.js';
import type { LogTextRow } from '../../logs/logs.repository.js';

/** A tenant_logs row as the delivery reads it: the log event, and its ordering (bigints as text, as pg returns them). */
export type LogEntryRow = LogTextRow & { seq: string; tx_id: string };

/**
 * One entry of a delivery as JSON text: Auth0's `{log_id, data}`, `data` the log event as GET
 * /logs/{id} answers it, details as stored. The ordering columns (seq, tx_id) are ours, not Auth0's.
 */
export function streamedLogJson(entry: LogEntryRow): string {
  return `{"log_id":${JSON.stringify(entry.log_id)},"data":${logJson(entry)}}`;
}
