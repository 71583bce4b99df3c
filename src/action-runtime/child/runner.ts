// The entry point of an action process (forked by action-process.ts, under Node's permission
// model, with an empty environment). It compiles each deployed version once, runs one execution
// at a time as the service asks, and answers with what the action recorded.
import type { ActionCommand } from '../action-run.js';
import { ActionCache } from './action-cache.js';
import { createActionApi } from './action-api.js';
import type { ChildMessage, RunRequest } from './protocol.js';
import { compileAction, type CompiledAction, type RunScope } from './sandbox.js';

// Versions kept compiled; past this the least recently used is dropped (and asked for again if needed).
const MAX_VERSIONS = 50;
// fetch and the watchdog give up this much before the service kills the process, so the action can
// still answer after a fetch timeout, and a synchronous loop is stopped without losing the process.
const MARGIN_MS = 250;

const compiled = new Map<string, CompiledAction>();
let current: RunScope | undefined;
const scope = (): RunScope | undefined => current;

const send = (message: ChildMessage): void => {
  process.send?.(message);
};

function describe(error: unknown): string {
  try {
    // Not instanceof: the action's errors come from its own context's Error.
    if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
    return String(error);
  } catch {
    return 'the action threw a value that cannot be described';
  }
}

const timedOut = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

function versionFor(request: RunRequest, timeoutMs: number): CompiledAction | undefined {
  const found = compiled.get(request.versionId);
  if (found) {
    compiled.delete(request.versionId);
    compiled.set(request.versionId, found);
    return found;
  }
  if (request.code === undefined) return undefined;
  const fresh = compileAction(request.code, scope, timeoutMs);
  compiled.set(request.versionId, fresh);
  // Least recently used first: a Map iterates in insertion order and a hit re-inserts.
  for (const id of compiled.keys()) if (compiled.size > MAX_VERSIONS) compiled.delete(id);
  return fresh;
}

async function run(request: RunRequest): Promise<void> {
  const commands: ActionCommand[] = [];
  const cache = new ActionCache(request.cache);
  const margin = Math.min(MARGIN_MS, Math.floor(request.timeoutMs / 5));
  // The service's clock started when it sent the request; a value from elsewhere is not trusted.
  const now = Date.now();
  const started = request.sentAt <= now && request.sentAt > now - request.timeoutMs ? request.sentAt : now;
  current = { logs: [], fetchDeadline: started + request.timeoutMs - margin, timers: new Set() };
  const logs = current.logs;
  let error: string | undefined;
  let failure: 'error' | 'timeout' = 'error';
  try {
    const action = versionFor(request, request.timeoutMs - margin);
    if (!action) {
      send({ type: 'needs-code', runId: request.runId });
      return;
    }
    const handler = action.module.exports.onExecuteCustomTokenExchange;
    if (typeof handler !== 'function') throw new TypeError('The action does not export an onExecuteCustomTokenExchange function');
    const event = action.event(JSON.stringify(request.event));
    const api = createActionApi(commands, cache);
    await action.invoke(
      () => (handler as (event: unknown, api: unknown) => unknown)(event, api),
      started + request.timeoutMs - margin - Date.now(),
    );
  } catch (thrown) {
    if (timedOut(thrown)) {
      failure = 'timeout';
      error = `The action did not finish within ${request.timeoutMs} ms.`;
    } else error = describe(thrown);
  } finally {
    // Timers an execution left behind do not fire into the next one.
    for (const timer of current.timers) clearTimeout(timer);
    current = undefined;
  }
  const ok = error === undefined;
  send({ type: 'done', runId: request.runId, ok, ...(ok ? {} : { failure, error }), commands, cacheOps: cache.ops, logs });
}

process.on('message', (message: RunRequest | undefined) => {
  if (message?.type === 'run') void run(message);
});
// A rejection or throw the action left behind (a timer's callback, a promise nobody awaited) must
// not end the process: the execution it belonged to has answered already or will time out.
process.on('uncaughtException', () => undefined);
process.on('unhandledRejection', () => undefined);
// The service went away (even killed): nothing left to serve.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
