import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  bodySchemaOf,
  exercise,
  expectDocumented,
  operationsOf,
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

describe('OpenAPI document: every property it declares nullable accepts null', () => {
  let t: TestApp;
  let schemas: DocumentSchemas;
  let operations: DocumentedOperation[];
  before(async () => {
    t = await startTestApp();
    const document = (await t.api.get('/api/v2/openapi.json')).body as Parameters<typeof operationsOf>[0] & {
      components: { schemas: Record<string, Schema> };
    };
    schemas = new DocumentSchemas(document.components);
    operations = operationsOf(document);
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
});
