// How a stream's deliveries are retried, bounded and given up on. Constants, not settings: only the
// poll interval and the batch size are the operator's (AppConfig); tests drive the rest through the
// stream's stored state (failures, retry_at).

/** The longest a sink may take to answer one request. */
export const SINK_TIMEOUT_MS = 10_000;

/** How long a lease lasts: several times the sink timeout, so a batch always ends before another instance could take the stream. */
export const LEASE_MS = 3 * SINK_TIMEOUT_MS + 5_000;

/** The longest wait between two attempts of a failing stream. */
const MAX_BACKOFF_MS = 60_000;

/**
 * Consecutive failures after which an active stream is suspended: Auth0 stops a stream it could not
 * reach for 7 consecutive days; failing continuously, ours retries every MAX_BACKOFF_MS, so 7 days are
 * this many attempts (counted while an instance runs: time with no instance up does not count).
 */
export const SUSPEND_AFTER_FAILURES = Math.ceil((7 * 24 * 3600 * 1000) / MAX_BACKOFF_MS);

/** At most this many batches per stream and poll, so a long backlog does not keep one instance's lease for ever. */
export const MAX_BATCHES_PER_POLL = 20;

/** Shutdown waits this long for the batch in flight, then cancels its request (the entries are delivered later). */
export const SHUTDOWN_WAIT_MS = 5_000;

/** The wait after the n-th consecutive failure (n >= 1): the poll interval, doubled each time, capped. */
export function backoffMs(failures: number, pollMs: number): number {
  return Math.min(pollMs * 2 ** Math.min(failures - 1, 30), MAX_BACKOFF_MS);
}
