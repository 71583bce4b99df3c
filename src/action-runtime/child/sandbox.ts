import { createRequire } from 'node:module';
import { format } from 'node:util';
import { Script, createContext, runInContext } from 'node:vm';
import { compileActionModule } from './action-module.js';
import { ACTION_PACKAGES } from './packages.js';

const MAX_LOG_LINES = 100;
const MAX_LOG_LINE = 1000;

/** What the globals of every compiled action see of the execution under way (one at a time per process). */
export interface RunScope {
  logs: string[];
  /** Epoch ms after which fetch gives up, so the action can still answer before the process is killed. */
  fetchDeadline: number;
  timers: Set<NodeJS.Timeout>;
}

export interface CompiledAction {
  module: { exports: Record<string, unknown> };
  /** Calls `fn` from inside the context under V8's own watchdog: its synchronous part is stopped after `timeoutMs`. */
  invoke: (fn: () => unknown, timeoutMs: number) => unknown;
  /** The event as the context's own deep-frozen objects, so the action can neither change nor climb out of it. */
  event: (json: string) => unknown;
}

const load = createRequire(import.meta.url);

function hostRequire(name: string): unknown {
  return ACTION_PACKAGES.includes(name) ? load(name) : undefined;
}

function capture(scope: () => RunScope | undefined, level: string) {
  return (...args: unknown[]): void => {
    const logs = scope()?.logs;
    if (!logs || logs.length >= MAX_LOG_LINES) return;
    const line = format(...args);
    logs.push(level === 'log' ? line.slice(0, MAX_LOG_LINE) : `${level}: ${line}`.slice(0, MAX_LOG_LINE));
  };
}

/**
 * The globals of an action: the web platform's basics and a captured console, nothing of Node
 * (no process, no Buffer: its pooled allocUnsafe memory could hold an earlier execution's data).
 * The global object has no prototype, so `this.constructor.constructor` is the context's own
 * Function and cannot reach this process; the process boundary is the real defence, not this.
 */
function globals(scope: () => RunScope | undefined): Record<string, unknown> {
  const console = {
    log: capture(scope, 'log'),
    info: capture(scope, 'info'),
    warn: capture(scope, 'warn'),
    error: capture(scope, 'error'),
  };
  const actionFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const remaining = Math.max(1, (scope()?.fetchDeadline ?? Date.now()) - Date.now());
    const timeout = AbortSignal.timeout(remaining);
    return fetch(input, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
  const actionSetTimeout = (callback: unknown, ms?: number, ...args: unknown[]): NodeJS.Timeout => {
    if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
    const timers = scope()?.timers;
    const timer = setTimeout(() => {
      timers?.delete(timer);
      (callback as (...a: unknown[]) => void)(...args);
    }, ms);
    timers?.add(timer);
    return timer;
  };
  const actionClearTimeout = (timer: unknown): void => {
    if (!(timer instanceof Object)) return;
    clearTimeout(timer as NodeJS.Timeout);
    scope()?.timers.delete(timer as NodeJS.Timeout);
  };
  return {
    console,
    fetch: actionFetch,
    setTimeout: actionSetTimeout,
    clearTimeout: actionClearTimeout,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    AbortController,
    AbortSignal,
    Headers,
    atob,
    btoa,
    crypto: globalThis.crypto,
  };
}

// A require made inside the context: its errors are the context's own, not this realm's.
const REQUIRE = `(host, allowed) => function require(name) {
  const found = host(String(name));
  if (found === undefined) throw new Error("Cannot find module '" + String(name) + "': actions may require only " + allowed);
  return found;
}`;

const EVENT = `(json) => {
  const freeze = (o) => { if (o && typeof o === 'object') { Object.values(o).forEach(freeze); Object.freeze(o); } return o; };
  return freeze(JSON.parse(json));
}`;

// The handler is started by a script run with a timeout, so a loop in its synchronous part (the
// common `for (;;)`) is broken by V8's watchdog inside this process: it answers 'timeout' without
// being killed, and even when the service that should kill it is gone. After its first await a
// handler runs outside that watchdog; the service's SIGKILL covers that.
const INVOKE_KEY = '__invokeAction';
const INVOKE = new Script(`(() => { const call = globalThis.${INVOKE_KEY}; delete globalThis.${INVOKE_KEY}; return call(); })()`, {
  filename: 'invoke.js',
});

/** Compiles and runs the action's module code once, in a fresh context: what it exports is kept for every later run. */
export function compileAction(code: string, scope: () => RunScope | undefined, timeoutMs: number): CompiledAction {
  const sandbox: Record<string, unknown> = Object.assign(Object.create(null) as object, globals(scope));
  const context = createContext(sandbox, { name: 'action', codeGeneration: { strings: true, wasm: false } });
  const fn = compileActionModule(code, context);
  const module = runInContext('({ exports: {} })', context) as CompiledAction['module'];
  const makeRequire = runInContext(REQUIRE, context) as (host: typeof hostRequire, allowed: string) => unknown;
  const invoke = (call: () => unknown, ms: number): unknown => {
    sandbox[INVOKE_KEY] = call;
    return INVOKE.runInContext(context, { timeout: Math.max(1, ms) });
  };
  invoke(() => fn.call(module.exports, module.exports, makeRequire(hostRequire, ACTION_PACKAGES.join(', ')), module), timeoutMs);
  return { module, invoke, event: runInContext(EVENT, context) as (json: string) => unknown };
}
