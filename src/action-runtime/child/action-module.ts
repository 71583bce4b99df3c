import { compileFunction, type Context } from 'node:vm';

/**
 * An action's code compiled as Node compiles a CommonJS module, which is what Auth0's runtime
 * loads: the body of a function of (exports, require, module), so a top-level `return` or
 * `new.target` is valid and a hashbang line is allowed, while `import`/`export` and top-level
 * `await` are not. Compiling runs nothing; the same call checks a build and loads it to run.
 */
export function compileActionModule(code: string, parsingContext?: Context): (exports: unknown, require: unknown, module: unknown) => void {
  return compileFunction(code, ['exports', 'require', 'module'], { filename: 'action.js', parsingContext }) as (
    exports: unknown,
    require: unknown,
    module: unknown,
  ) => void;
}
