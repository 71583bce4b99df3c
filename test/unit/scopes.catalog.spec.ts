import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ALL_SCOPES, SCOPE_CATALOG } from '../../src/auth/scopes.catalog.js';

// dist/test/unit → the repository root.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** CI clones `shared/` beside the repository; a helper worktree finds it at /work/shared. */
function referencePath(): string {
  const candidates = [process.env.SHARED_DIR, resolve(repoRoot, '../shared'), '/work/shared'].filter((d): d is string => !!d);
  const found = candidates.map((d) => join(d, 'spec/seed-management-api.md')).find((p) => existsSync(p));
  assert.ok(found, `seed-management-api.md not found in ${candidates.join(', ')} (set SHARED_DIR)`);
  return found;
}

/** The "Resource | Actions" table of the reference, as resource → actions. */
function referenceCatalog(): Map<string, string[]> {
  const text = readFileSync(referencePath(), 'utf8');
  const start = text.indexOf('| Resource | Actions |');
  assert.ok(start >= 0, 'the scope catalog table is in the reference');
  const rows = text.slice(start).split('\n').slice(2);
  const catalog = new Map<string, string[]>();
  for (const row of rows) {
    const match = /^\|\s*([a-z_]+)\s*\|\s*([a-z, ]+?)\s*\|$/.exec(row.trim());
    if (!match) break;
    catalog.set(
      match[1],
      match[2].split(',').map((a) => a.trim()),
    );
  }
  return catalog;
}

describe('SCOPE_CATALOG', () => {
  const reference = referenceCatalog();

  it('has the reference table (sanity: it parsed)', () => {
    assert.ok(reference.size >= 80, `parsed ${reference.size} resources`);
    assert.deepEqual(reference.get('organization_client_grants'), ['create', 'read', 'delete']);
  });

  it('has exactly the reference resources, in the same order', () => {
    assert.deepEqual(Object.keys(SCOPE_CATALOG), [...reference.keys()]);
  });

  it('has exactly the reference actions for every resource', () => {
    for (const [resource, actions] of reference) {
      assert.deepEqual([...SCOPE_CATALOG[resource as keyof typeof SCOPE_CATALOG]], actions, resource);
    }
  });

  it('ALL_SCOPES is every <action>:<resource>, each once', () => {
    const expected = [...reference].flatMap(([resource, actions]) => actions.map((a) => `${a}:${resource}`));
    assert.deepEqual([...ALL_SCOPES], expected);
    assert.equal(new Set(ALL_SCOPES).size, ALL_SCOPES.length);
  });
});

describe('@Scopes() typing', () => {
  /** Type-checks in-memory snippets against the real decorator; their diagnostics by name. */
  function typeCheck(snippets: Record<string, string>): Record<string, string[]> {
    const decorator = join(repoRoot, 'src/auth/scopes.decorator.js');
    const files = new Map(
      Object.entries(snippets).map(([name, body]) => [
        join(repoRoot, 'test', `__scopes_${name}.mts`),
        `import { Scopes } from ${JSON.stringify(decorator)};\nexport class C {\n  ${body}\n  m(): void {}\n}\n`,
      ]),
    );
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      experimentalDecorators: true,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    };
    const host = ts.createCompilerHost(options);
    const [getSourceFile, fileExists, readFile] = [host.getSourceFile.bind(host), host.fileExists.bind(host), host.readFile.bind(host)];
    host.fileExists = (f) => files.has(f) || fileExists(f);
    host.readFile = (f) => files.get(f) ?? readFile(f);
    host.getSourceFile = (f, v, ...rest) => {
      const text = files.get(f);
      return text !== undefined ? ts.createSourceFile(f, text, v) : getSourceFile(f, v, ...rest);
    };
    const program = ts.createProgram([...files.keys()], options, host);
    const result: Record<string, string[]> = {};
    for (const [name] of Object.entries(snippets)) {
      const file = program.getSourceFile(join(repoRoot, 'test', `__scopes_${name}.mts`));
      if (!file) throw new Error(`snippet ${name} was not compiled`);
      result[name] = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      );
    }
    return result;
  }

  const results = typeCheck({
    valid: "@Scopes('delete:organization_client_grants')",
    several: "@Scopes('update:token_exchange_profiles', 'read:organizations')",
    typo: "@Scopes('delete:organization_client_grant')",
    wrongAction: "@Scopes('update:organization_client_grants')",
    secondTypo: "@Scopes('read:organizations', 'read:organisation')",
    none: '@Scopes()',
  });

  it('accepts catalog names', () => {
    assert.deepEqual(results.valid, []);
    assert.deepEqual(results.several, []);
  });

  it('refuses a misspelt resource', () => {
    assert.equal(results.typo.length, 1, String(results.typo));
    assert.match(results.typo[0], /'"delete:organization_client_grant"' is not assignable to parameter of type 'Scope'/);
  });

  it('refuses an action the resource does not offer', () => {
    assert.equal(results.wrongAction.length, 1, String(results.wrongAction));
    assert.match(results.wrongAction[0], /"update:organization_client_grants"/);
  });

  it('refuses a typo in any position, and an empty list', () => {
    assert.equal(results.secondTypo.length, 1, String(results.secondTypo));
    assert.match(results.secondTypo[0], /"read:organisation"/);
    assert.equal(results.none.length, 1, String(results.none));
  });
});
