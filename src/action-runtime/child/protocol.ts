// Messages between the service and an action process (IPC, JSON). The child is untrusted: code
// that escapes the vm context can send anything, so the parent validates what it receives
// (action-reply.ts) and never treats these shapes as guaranteed.
import type { ActionCommand, ActionFailure } from '../action-run.js';

/** One api.cache record as Auth0 returns it: expires_at in milliseconds since the epoch. */
export interface CacheRecord {
  value: string;
  expires_at: number;
}

export type CacheOp = { op: 'set'; key: string; value: string; expires_at: number } | { op: 'delete'; key: string };

export interface RunRequest {
  type: 'run';
  runId: number;
  versionId: string;
  /** Sent only when the child has not compiled this version yet (or asked for it again). */
  code?: string;
  event: Record<string, unknown>;
  cache: Record<string, CacheRecord>;
  /** The execution's time budget; fetch inside the action gets what remains of it. */
  timeoutMs: number;
  /** When the service started the clock (epoch ms, same machine), so the child's deadlines are the service's. */
  sentAt: number;
}

/** `needs-code`: the child no longer holds the version's script and asks for the code again. */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'needs-code'; runId: number }
  | {
      type: 'done';
      runId: number;
      ok: boolean;
      failure?: Extract<ActionFailure, 'error' | 'timeout'>;
      error?: string;
      commands: ActionCommand[];
      cacheOps: CacheOp[];
      logs: string[];
    };
