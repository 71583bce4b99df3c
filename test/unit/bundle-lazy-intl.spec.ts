import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { before, describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/server-process.js';

type LazyIntlFormatters = (code: string) => { code: string; replaced: number };

const OPTIONS = "{ year: 'numeric', month: (('2-digit')), hour: 'numeric' }";

describe('bundle: Intl formatters made on first use (scripts/bundle-lazy-intl.mjs)', () => {
  let lazyIntlFormatters: LazyIntlFormatters;
  before(async () => {
    ({ lazyIntlFormatters } = (await import(pathToFileURL(join(PROJECT_ROOT, 'scripts/bundle-lazy-intl.mjs')).href)) as {
      lazyIntlFormatters: LazyIntlFormatters;
    });
  });

  /** Runs a module's source with a DateTimeFormat that counts how many were made. */
  const run = (code: string): { made: () => number; exports: { format: (time: number) => string; parts: (time: number) => unknown } } => {
    let count = 0;
    const Counted = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: unknown[]) {
        count++;
        return Reflect.construct(target, args) as object;
      },
    });
    const module = { exports: {} as never };
    runInNewContext(code, { Intl: { DateTimeFormat: Counted }, module });
    return { made: () => count, exports: module.exports };
  };

  it('makes the formatter at its first use, and it then formats as the one made at load', () => {
    const source = `const formatter = new Intl.DateTimeFormat(undefined, ${OPTIONS});
module.exports = { format: (time) => formatter.format(time), parts: (time) => formatter.formatToParts(time) };`;
    const { code, replaced } = lazyIntlFormatters(source);
    assert.equal(replaced, 1);
    const eager = run(source);
    const lazy = run(code);
    assert.equal(eager.made(), 1);
    assert.equal(lazy.made(), 0);
    const time = Date.UTC(2026, 10, 28, 17, 5, 9);
    assert.equal(lazy.exports.format(time), eager.exports.format(time));
    assert.deepEqual(lazy.exports.parts(time), eager.exports.parts(time));
    assert.equal(lazy.made(), 1);
  });

  it("finds the one formatter in each of Nest's loggers (the bundle refuses to build otherwise)", () => {
    for (const file of ['console-logger.service.js', 'logger.service.js']) {
      const source = readFileSync(join(PROJECT_ROOT, 'node_modules/@nestjs/common/services', file), 'utf8');
      const { code, replaced } = lazyIntlFormatters(source);
      assert.equal(replaced, 1, file);
      assert.ok(!/^const \w+ = new Intl\./m.test(code), file);
      assert.equal(code.length - source.length > 0, true);
    }
  });

  it('leaves a module without a top-level formatter as it is', () => {
    const source = 'function f() {\n  const local = new Intl.DateTimeFormat();\n  return local;\n}\n';
    assert.deepEqual(lazyIntlFormatters(source), { code: source, replaced: 0 });
  });
});
