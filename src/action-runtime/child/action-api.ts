import type { ActionCommand } from '../action-run.js';
import type { ActionCache } from './action-cache.js';
import { checkActor } from './actor.js';

const CREATION = ['create_if_not_exists', 'none'];
// Ours (Auth0 documents none): bounds what one execution sends back to the service. 64 K
// characters hold Auth0's 32 KB of user and of app metadata a session may persist.
const MAX_COMMANDS = 100;
const MAX_RECORDED_CHARS = 65_536;
const UPDATE = ['replace', 'none'];

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`${name} must be a non-empty string`);
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON copy, so what is recorded is data, never an object the action can still change. */
function snapshot(value: unknown, name: string): unknown {
  if (value === undefined) throw new TypeError(`${name} must be a JSON value`);
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * The custom-token-exchange `api` object. Calls are recorded in order; the service applies them after
 * the run (action-run.ts). Arguments are checked as they are given, so a wrong call throws inside
 * the action, where its author sees it, instead of failing the exchange later.
 */
export function createActionApi(commands: ActionCommand[], cache: ActionCache): object {
  let recorded = 0;
  const record = (command: ActionCommand): void => {
    const size = JSON.stringify(command).length;
    if (commands.length >= MAX_COMMANDS || recorded + size > MAX_RECORDED_CHARS)
      throw new RangeError(`An execution may make at most ${MAX_COMMANDS} api calls, ${MAX_RECORDED_CHARS} characters of data in all`);
    recorded += size;
    commands.push(command);
  };
  const api = {
    access: {
      deny(code: unknown, reason: unknown) {
        record({ op: 'access.deny', code: requireString(code, 'code'), reason: requireString(reason, 'reason') });
        return api;
      },
      rejectInvalidSubjectToken(reason: unknown) {
        record({ op: 'access.rejectInvalidSubjectToken', reason: requireString(reason, 'reason') });
        return api;
      },
    },
    authentication: {
      setUserById(userId: unknown) {
        record({ op: 'authentication.setUserById', user_id: requireString(userId, 'user_id') });
        return api;
      },
      setUserByConnection(connection: unknown, attributes: unknown, options: unknown) {
        const name = requireString(connection, 'connection_name');
        if (!isPlainObject(attributes)) throw new TypeError('user_attributes must be an object');
        const given = isPlainObject(options) ? options : {};
        // Defaults as we remember Auth0's docs (create when absent, leave an existing user unchanged); its examples always pass both.
        const creationBehavior = given.creationBehavior ?? 'create_if_not_exists';
        const updateBehavior = given.updateBehavior ?? 'none';
        if (typeof creationBehavior !== 'string' || !CREATION.includes(creationBehavior))
          throw new TypeError(`options.creationBehavior must be one of ${CREATION.join(', ')}`);
        if (typeof updateBehavior !== 'string' || !UPDATE.includes(updateBehavior))
          throw new TypeError(`options.updateBehavior must be one of ${UPDATE.join(', ')}`);
        record({
          op: 'authentication.setUserByConnection',
          connection: name,
          attributes: snapshot(attributes, 'user_attributes') as Record<string, unknown>,
          options: {
            creationBehavior: creationBehavior as 'create_if_not_exists' | 'none',
            updateBehavior: updateBehavior as 'replace' | 'none',
          },
        });
        return api;
      },
      setActor(actor: unknown) {
        record({ op: 'authentication.setActor', actor: checkActor(actor) });
        return api;
      },
    },
    user: {
      setAppMetadata(key: unknown, value: unknown) {
        record({ op: 'user.setAppMetadata', key: requireString(key, 'key'), value: snapshot(value ?? null, 'value') });
        return api;
      },
      setUserMetadata(key: unknown, value: unknown) {
        record({ op: 'user.setUserMetadata', key: requireString(key, 'key'), value: snapshot(value ?? null, 'value') });
        return api;
      },
    },
    cache: {
      get: (key: unknown) => cache.get(key),
      set: (key: unknown, value: unknown, options?: unknown) => cache.set(key, value, options),
      delete: (key: unknown) => cache.delete(key),
    },
  };
  return api;
}
