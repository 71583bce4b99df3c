import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { anyText, check, percentEncode, stringsIn } from '../support/fuzz-checks.js';
import {
  bodySchemaOf,
  makeFixtures,
  servedDocument,
  requiredQuery,
  satisfyingBody,
  scopesOf,
  urlFor,
  type DocumentedOperation,
  type Fixtures,
} from '../support/openapi-exercise.js';
import { DocumentSchemas, typeOf, type Schema } from '../support/openapi-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Bounded for CI (about two minutes on the CI machine); longer on demand, the same variables as the
// core fuzz spec or its own: FUZZ_RUNS=20000 FUZZ_SEED=... FUZZ_SECONDS=1800 npm test -- fuzz
const RUNS = Number(process.env.FUZZ_OPENAPI_RUNS ?? process.env.FUZZ_RUNS ?? 2500);
const SEED = Number(process.env.FUZZ_OPENAPI_SEED ?? process.env.FUZZ_SEED ?? 20261129);
const SECONDS = Number(process.env.FUZZ_OPENAPI_SECONDS ?? process.env.FUZZ_SECONDS ?? 110);
/** A request slower than this fails the run, whatever it answered. */
const SLOW_MS = 5000;
/** Fixtures are made anew this often: DELETEs and PATCHes use them up. */
const FIXTURES_EVERY = 40;

type Kind = 'valid' | 'boundary' | 'malformed';

interface Choice {
  op: number;
  kind: Kind;
  /** Picks among the generated candidates (violations, optional properties, query parameters). */
  pick: number;
  extras: number[];
  hostile: string;
  /** Which property, query or path parameter the hostile text replaces (malformed only). */
  target: 'body' | 'query' | 'path' | 'raw' | 'none';
  token: 'scoped' | 'none' | 'unscoped';
}

interface Built {
  method: string;
  url: string;
  query: Record<string, string>;
  body?: unknown;
  raw?: string;
  auth: 'scoped' | 'none' | 'unscoped';
}

/** A value at the documented edge of a schema: the longest or shortest string, the largest or smallest number, a full array. */
function boundaryValue(schemas: DocumentSchemas, schema: Schema, high: boolean): unknown {
  const s = schemas.resolve(schema);
  const type = typeOf(s);
  if (s.enum) return s.enum[high ? s.enum.length - 1 : 0];
  if (type === 'string' && !s.pattern && !s.format) {
    const length = high ? (s.maxLength ?? 255) : (s.minLength ?? 0);
    return schemas.validValue(s, length);
  }
  if (type === 'integer' || type === 'number') return high ? (s.maximum ?? 2 ** 31 - 1) : (s.minimum ?? 0);
  if (type === 'array')
    return high && s.maxItems !== undefined ? Array.from({ length: s.maxItems }, () => schemas.validValue(s.items ?? {})) : [];
  return schemas.validValue(s);
}

function build(op: DocumentedOperation, choice: Choice, schemas: DocumentSchemas, fx: Fixtures): Built {
  const { operation } = op;
  const params = operation.parameters ?? [];
  const queryParams = params.filter((p) => p.in === 'query');
  const pathParams = params.filter((p) => p.in === 'path');
  const bodySchema = bodySchemaOf(operation);
  const resolved = bodySchema && schemas.resolve(bodySchema);
  const properties: Record<string, Schema> = resolved?.properties ?? {};
  const names = Object.keys(properties);
  const pickOf = <T>(list: T[], offset = 0): T | undefined => (list.length ? list[(choice.pick + offset) % list.length] : undefined);

  // Query: a few documented parameters with valid (or boundary) values.
  const query: Record<string, string> = {};
  for (const [i, n] of choice.extras.entries()) {
    const param = queryParams.length ? queryParams[n % queryParams.length] : undefined;
    if (!param || typeOf(param.schema) === 'array') continue;
    query[param.name] = String(
      choice.kind === 'boundary' ? boundaryValue(schemas, param.schema, i % 2 === 0) : schemas.validValue(param.schema),
    );
  }
  let pathGiven: Record<string, string> = {};
  let body: unknown;
  let raw: string | undefined;
  if (resolved) {
    const extra = names.length ? choice.extras.map((n) => names[n % names.length]) : [];
    const valid =
      resolved.type === 'array'
        ? [schemas.validValue(resolved.items ?? {})]
        : (satisfyingBody(resolved, (s) => schemas.validValue(s), extra)(fx) as object);
    body = valid;
    if (choice.kind === 'boundary' && !Array.isArray(valid)) {
      const name = pickOf(extra);
      if (name) body = { ...valid, [name]: boundaryValue(schemas, properties[name], choice.pick % 2 === 0) };
    }
    if (choice.kind === 'malformed') {
      const broken: unknown[] = schemas.violations(resolved).map(([, value]) => value);
      // null for every property (nullable or not), then each documented constraint broken in turn.
      if (!Array.isArray(valid)) for (const name of names) broken.push({ ...valid, [name]: null });
      for (const name of names)
        for (const [, value] of schemas.violations(properties[name]))
          broken.push(Array.isArray(valid) ? value : { ...valid, [name]: value });
      body = pickOf(broken) ?? valid;
    }
  }
  if (choice.kind === 'malformed') {
    const target = choice.target;
    if (target === 'body' && body !== undefined && !Array.isArray(body) && names.length)
      body = { ...(body as object), [names[choice.pick % names.length]]: choice.hostile };
    else if (target === 'query') query[pickOf(queryParams.map((p) => p.name)) ?? choice.hostile] = choice.hostile;
    else if (target === 'path' && pathParams.length)
      pathGiven = { [pathParams[choice.pick % pathParams.length].name]: percentEncode(choice.hostile) || '%20' };
    else if (target === 'raw') raw = choice.hostile;
  }
  const url = urlFor(op, fx, (param) => pathGiven[param]);
  return {
    method: op.method.toLowerCase(),
    url,
    query: { ...requiredQuery(operation, fx, query), ...query },
    body,
    raw,
    auth: choice.token,
  };
}

/** The fixture rows a refused write must leave as they were (only what callers set: a log stream's delivery state moves on its own). */
async function snapshot(t: TestApp, fx: Fixtures): Promise<string> {
  const p = t.prisma;
  const rows = await Promise.all([
    p.organization.findUnique({ where: { id: fx.organization.id } }),
    p.clientGrant.findUnique({ where: { id: fx.grant.id } }),
    p.resourceServer.findUnique({ where: { id: fx.resourceServer.id } }),
    p.tokenExchangeProfile.findUnique({ where: { id: fx.profile.id } }),
    p.client.findUnique({ where: { client_id: fx.client.client_id } }),
    p.connection.findUnique({ where: { id: fx.connection.id } }),
    p.organizationConnection.findMany({ where: { organization_id: fx.organization.id } }),
    p.user.findUnique({ where: { user_id: fx.user.user_id } }),
    p.action.findUnique({ where: { id: fx.action.action.id } }),
    p.logStream.findUnique({
      where: { id: fx.logStream.id },
      select: { name: true, type: true, sink: true, filters: true, is_priority: true, pii_config: true },
    }),
  ]);
  return JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

describe(`fuzz: every operation of the service's own OpenAPI document (${RUNS} cases or ${SECONDS} s, seed ${SEED})`, () => {
  let t: TestApp;
  let schemas: DocumentSchemas;
  let operations: DocumentedOperation[];
  const tokens = new Map<string, string>();
  before(async () => {
    t = await startTestApp();
    ({ schemas, operations } = await servedDocument(t));
  });
  after(() => t.close());

  async function bearer(op: DocumentedOperation, kind: Built['auth']): Promise<string | undefined> {
    if (kind === 'none') return undefined;
    const scope = kind === 'unscoped' ? 'read:stats' : (scopesOf(op.operation) ?? []).join(' ');
    let token = tokens.get(scope);
    if (!token) tokens.set(scope, (token = await t.bearer(scope)));
    return token;
  }

  it('never answers 5xx, keeps the error shape on every 4xx, answers within 5 s, and changes nothing it refused', async (test) => {
    assert.ok(operations.length >= 70, `the document lists the operations (${operations.length})`);
    const statuses = new Map<number, number>();
    const reached = new Map<string, Set<number>>();
    let fx = await makeFixtures(t);
    let sent = 0;
    const choice = fc.record<Choice>({
      op: fc.nat({ max: operations.length - 1 }),
      kind: fc.constantFrom<Kind>('valid', 'boundary', 'malformed', 'malformed'),
      pick: fc.nat({ max: 10_000 }),
      extras: fc.array(fc.nat({ max: 50 }), { maxLength: 3 }),
      hostile: anyText,
      target: fc.constantFrom('body', 'query', 'path', 'raw', 'none'),
      token: fc.constantFrom('scoped', 'scoped', 'scoped', 'none', 'unscoped'),
    });
    await fc.assert(
      fc.asyncProperty(choice, async (c) => {
        if (sent > 0 && sent % FIXTURES_EVERY === 0) fx = await makeFixtures(t);
        sent++;
        const op = operations[c.op];
        const req = build(op, c, schemas, fx);
        const write = req.method !== 'get';
        const unchanged = write ? await snapshot(t, fx) : '';
        let request = t.api[req.method as 'get'](req.url).query(req.query);
        const authorization = await bearer(op, req.auth);
        if (authorization) request = request.set('Authorization', authorization);
        const started = performance.now();
        const res: Response = await (req.raw !== undefined
          ? request.set('Content-Type', 'application/json').send(req.raw)
          : req.body !== undefined
            ? request.send(req.body as object)
            : request);
        const took = performance.now() - started;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const key = `${op.method} ${op.path}`;
        reached.set(key, (reached.get(key) ?? new Set()).add(res.status));
        const bodyText = req.raw ?? (req.body === undefined ? '' : JSON.stringify(req.body));
        check(
          {
            method: req.method,
            path: req.url,
            inputs: [...Object.entries(req.query).flat(), ...stringsIn(bodyText), bodyText, c.hostile, decodeURIComponentSafe(req.url)],
          },
          res,
        );
        assert.ok(took < SLOW_MS, `${key} took ${Math.round(took)} ms`);
        if (write && (res.status < 200 || res.status > 299))
          assert.equal(await snapshot(t, fx), unchanged, `${key} answered ${res.status} but changed a fixture: ${res.text.slice(0, 300)}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false },
    );
    test.diagnostic(`seed ${SEED}: ${sent} requests over ${reached.size} of ${operations.length} operations`);
    test.diagnostic(
      `statuses: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    if (sent >= 1000) {
      assert.deepEqual(
        operations.map((o) => `${o.method} ${o.path}`).filter((k) => !reached.has(k)),
        [],
        'every documented operation was called',
      );
      const succeeded = [...reached].filter(([, s]) => [...s].some((status) => status >= 200 && status < 300)).length;
      assert.ok(succeeded >= operations.length * 0.8, `most operations answered a 2xx at least once (${succeeded})`);
    }
  });
});

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
