import type { ActionCommand } from './action-run.js';
import { checkActor } from './child/actor.js';
import type { CacheOp, ChildMessage } from './child/protocol.js';

/** A child's answer once checked: only well-formed commands and cache writes get through. */
export interface ChildReply {
  type: 'done';
  ok: boolean;
  failure?: 'error' | 'timeout';
  error?: string;
  commands: ActionCommand[];
  cacheOps: CacheOp[];
  logs: string[];
}

const MAX_ITEMS = 1000;
const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX_ITEMS) : []);

function isCommand(value: unknown): value is ActionCommand {
  if (!isObject(value)) return false;
  switch (value.op) {
    case 'authentication.setUserById':
      return isString(value.user_id);
    case 'authentication.setUserByConnection':
      return (
        isString(value.connection) &&
        isObject(value.attributes) &&
        isObject(value.options) &&
        ['create_if_not_exists', 'none'].includes(value.options.creationBehavior as string) &&
        ['replace', 'none'].includes(value.options.updateBehavior as string)
      );
    case 'authentication.setActor':
      return isActor(value.actor);
    case 'access.deny':
      return isString(value.code) && isString(value.reason);
    case 'access.rejectInvalidSubjectToken':
      return isString(value.reason);
    case 'user.setAppMetadata':
    case 'user.setUserMetadata':
      return isString(value.key) && 'value' in value;
    default:
      return false;
  }
}

function isActor(value: unknown): boolean {
  try {
    checkActor(value);
    return true;
  } catch {
    return false;
  }
}

// The child enforces Auth0's cache limits (child/action-cache.ts); these bounds hold even if it did not.
const MAX_KEY_BYTES = 64;
const MAX_VALUE_BYTES = 4096;
const MAX_TTL_MS = 24 * 60 * 60_000;

function isCacheOp(value: unknown): value is CacheOp {
  if (!isObject(value) || !isString(value.key) || Buffer.byteLength(value.key) > MAX_KEY_BYTES) return false;
  if (value.op === 'delete') return true;
  return (
    value.op === 'set' &&
    isString(value.value) &&
    Buffer.byteLength(value.value) <= MAX_VALUE_BYTES &&
    typeof value.expires_at === 'number' &&
    value.expires_at <= Date.now() + MAX_TTL_MS
  );
}

/**
 * The child process runs code that may have escaped its vm context, so its message is data to
 * check, not a typed value: whatever does not have the shape of a recorded call is dropped.
 */
export function readReply(message: ChildMessage): ChildReply {
  const raw = message as Partial<Extract<ChildMessage, { type: 'done' }>>;
  return {
    type: 'done',
    ok: raw.ok === true,
    failure: raw.ok === true ? undefined : raw.failure === 'timeout' ? 'timeout' : 'error',
    error: raw.ok === true ? undefined : isString(raw.error) ? raw.error.slice(0, 1000) : 'The action failed.',
    // A setActor's actor is kept as checked, a copy with nothing but the claims the check allowed.
    commands: list(raw.commands)
      .filter(isCommand)
      .map((command) => (command.op === 'authentication.setActor' ? { ...command, actor: checkActor(command.actor) } : command)),
    cacheOps: list(raw.cacheOps).filter(isCacheOp),
    logs: list(raw.logs).filter(isString),
  };
}
