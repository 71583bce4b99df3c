import { compileActionModule } from '../action-runtime/child/action-module.js';

interface ActionBuild {
  status: 'built' | 'failed';
  errors: { id: string; msg: string; url: string }[] | null;
}

/**
 * "Builds" an action's code: compiles it as the runtime loads it (a CommonJS module), never runs
 * it. A syntax error makes the action `failed`, with the compiler's message in Auth0's error shape
 * {id, msg, url}; the id and url are ours (Auth0's exact ones unknown).
 */
export function buildAction(code: string): ActionBuild {
  try {
    compileActionModule(code);
    return { status: 'built', errors: null };
  } catch (error) {
    const msg = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { status: 'failed', errors: [{ id: 'build_failed', msg, url: '' }] };
  }
}
