import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../support/server-process.js';

type WriteClassNames = (code: string) => { code: string; kept: number };

interface Fixture {
  First: new (text: string) => { text: string };
  Second: new (text: string) => { describe(): string };
  Third: new () => object;
  Registry: { make(): object; new (): object };
  helper: () => number;
  makeLocal: () => new () => object;
}

// Modules shaped like the ones that made the bundle need names written: two classes named Query
// (the second is renamed by the bundler, and its body means the first by that name), a third
// renamed one that does not, a class that uses its own name, a class declared in a function under
// a name the bundler changes, and a plain function.
const MODULES = {
  'entry.mjs': `
    import { Query as First } from './first.mjs';
    import { Query as Second } from './second.mjs';
    import { Query as Third } from './third.mjs';
    import { Registry } from './registry.mjs';
    export { makeLocal } from './local.mjs';
    export function helper() { return 1; }
    export { First, Second, Third, Registry };`,
  'first.mjs': `import { EventEmitter } from 'node:events';
    export class Query extends EventEmitter { constructor(text) { super(); this.text = text; } }`,
  'second.mjs': `import { Query as Base } from './first.mjs';
    export class Query extends Base { describe() { return Base.name; } }`,
  'third.mjs': `export class Query { }`,
  'registry.mjs': `export class Registry { static make() { return new Registry(); } }`,
  'local.mjs': `export function makeLocal() { class Registry { } return Registry; }`,
};

describe('class names written into the bundle (scripts/bundle-class-names.mjs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-names-'));
  let written: { code: string; kept: number };
  let fixture: Fixture;

  before(async () => {
    const { writeClassNames } = (await import(pathToFileURL(join(PROJECT_ROOT, 'scripts/bundle-class-names.mjs')).href)) as {
      writeClassNames: WriteClassNames;
    };
    for (const [file, text] of Object.entries(MODULES)) writeFileSync(join(dir, file), text);
    // The options of scripts/bundle.mjs that shape class output.
    const { outputFiles } = await build({
      entryPoints: [join(dir, 'entry.mjs')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      minifyWhitespace: true,
      minifySyntax: true,
      keepNames: true,
    });
    written = writeClassNames(outputFiles[0].text);
    writeFileSync(join(dir, 'out.mjs'), written.code);
    fixture = (await import(pathToFileURL(join(dir, 'out.mjs')).href)) as Fixture;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names a renamed class in its source, not by redefining its name at run time', () => {
    assert.match(written.code, /=class Query extends EventEmitter\{constructor/);
    assert.match(written.code, /Query\d=class Query\{\}/);
    assert.equal(fixture.First.name, 'Query');
    assert.equal(fixture.Third.name, 'Query');
    assert.equal(new fixture.First('text').text, 'text');
  });

  it("renames a class's own binding together with its uses", () => {
    assert.match(written.code, /=class Registry\{static make\(\)\{return new Registry\}\}/);
    assert.equal(fixture.Registry.name, 'Registry');
    assert.ok(fixture.Registry.make() instanceof fixture.Registry);
  });

  it('leaves the run-time name to a class whose body means another class by that name', () => {
    assert.equal(written.code.split('static{__className(this,"Query")}').length - 1, 1);
    assert.equal(fixture.Second.name, 'Query');
    assert.equal(new fixture.Second('text').describe(), 'Query');
  });

  it('leaves the run-time name to a renamed class declaration (its name binds outside the class too)', () => {
    assert.match(written.code, /class Registry2\{static\{__className\(this,"Registry"\)\}\}return Registry2/);
    assert.equal(fixture.makeLocal().name, 'Registry');
    assert.equal(written.kept, 2);
  });

  it("keeps functions' names without wrapping them", () => {
    assert.match(written.code, /var __name=\(target\)=>target/);
    assert.equal(fixture.helper.name, 'helper');
    assert.equal(fixture.helper(), 1);
  });
});
