import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  bodySchemaOf,
  exercise,
  expectDocumented,
  servedDocument,
  satisfyingBody,
  type DocumentedOperation,
} from '../support/openapi-exercise.js';
import { DocumentSchemas, typeOf, type Schema } from '../support/openapi-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Every body property the document types as [type, 'null'], at any depth: [dotted path, schema of its parent]. */
function nullablePaths(schemas: DocumentSchemas, schema: Schema, at: string[] = []): string[][] {
  const resolved = schemas.resolve(schema);
  const found: string[][] = [];
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const own = schemas.resolve(property);
    if ((Array.isArray(property.type) && property.type.includes('null')) || (Array.isArray(own.type) && own.type.includes('null')))
      found.push([...at, name]);
    if (typeOf(own) === 'object') found.push(...nullablePaths(schemas, own, [...at, name]));
  }
  return found;
}

function withNull(body: unknown, path: string[]): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path[path.length - 1]] = null;
  return copy;
}

describe('OpenAPI document states what the server enforces: nullable properties, query patterns and enums', () => {
  let t: TestApp;
  let schemas: DocumentSchemas;
  let operations: DocumentedOperation[];
  before(async () => {
    t = await startTestApp();
    ({ schemas, operations } = await servedDocument(t));
  });
  after(() => t.close());

  it('answers a documented 2xx to a valid body with each nullable property set to null', async (c) => {
    let count = 0;
    for (const op of operations) {
      const schema = bodySchemaOf(op.operation);
      if (!schema || schemas.resolve(schema).type === 'array') continue;
      for (const path of nullablePaths(schemas, schema)) {
        count++;
        await c.test(`${op.method} ${op.path}: ${path.join('.')} null`, async () => {
          // The property itself, and for a nested one its parents, sent so the null is really there.
          const res = await exercise(t, op, {
            body: (fx) => withNull(satisfyingBody(schemas.resolve(schema), (s) => schemas.validValue(s), [path[0]])(fx), path),
          });
          assert.match(String(res.status), /^2\d\d$/, `${op.method} ${op.path} ${path.join('.')}: null answered ${res.status} ${res.text}`);
          expectDocumented(schemas, op, res);
        });
      }
    }
    c.diagnostic(`nullable body properties: ${count}`);
    assert.ok(count >= 4, 'the document declares nullable properties');
  });

  it('accepts, for every query parameter with a documented pattern or enum, each listed value and the example', async (c) => {
    let checked = 0;
    for (const op of operations) {
      for (const param of (op.operation.parameters ?? []).filter(
        (p) => p.in === 'query' && (p.schema.pattern !== undefined || p.schema.enum !== undefined),
      )) {
        const values = param.schema.enum ?? [schemas.validValue(param.schema)];
        for (const value of values) {
          checked++;
          await c.test(`${op.method} ${op.path}: ?${param.name}=${String(value)}`, async () => {
            const res = await exercise(t, op, { query: { [param.name]: String(value) } });
            assert.match(String(res.status), /^2\d\d$/, `${res.status} ${res.text}`);
            expectDocumented(schemas, op, res);
          });
        }
      }
    }
    // GET /logs `sort` among them: the pattern the server enforces is in the document.
    assert.ok(checked > 0, 'the document states query patterns or enums');
    const sort = operations.find((o) => o.path === '/logs' && o.method === 'GET')?.operation.parameters?.find((p) => p.name === 'sort');
    assert.equal(sort?.schema.pattern, '^(date):(1|-1)$');
  });
});
