import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { anyText, check, percentEncode, stringsIn } from '../support/fuzz-checks.js';
import { ADMIN_CLIENT_FILE } from '../../src/clients/admin-bootstrap.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A few thousand cases in CI, more on demand: FUZZ_RUNS=50000 FUZZ_SEED=... npm test -- fuzz
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const SCOPES = 'delete:organization_client_grants update:token_exchange_profiles delete:token_exchange_profiles';

interface Case {
  method: 'delete' | 'patch' | 'post';
  path: string;
  headers: Record<string, string>;
  /** Which Authorization header to send (tokens are signed when the case runs). */
  token?: TokenKind;
  /** For the 'claims' kind: one claim of an otherwise valid token, replaced by any JSON value. */
  claim?: { name: string; value: unknown };
  junk: string;
  body?: string;
  /** Every string the case sends, so an error message quoting the input is not mistaken for a leak. */
  inputs: string[];
}

/** How a failing case is printed: long ids and bodies cut short, so the report stays readable. */
function printable(c: Case): Case {
  const cut = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…(${text.length} chars)` : text);
  return Object.assign(c, {
    [fc.toStringMethod]: () =>
      JSON.stringify({
        method: c.method,
        path: cut(c.path),
        headers: c.headers,
        token: c.token,
        claim: c.claim,
        junk: c.junk,
        body: c.body && cut(c.body),
      }),
  });
}

/** An id for a path: often a real row's (`known`), else anything, encoded or deliberately broken. */
const pathSegment = (known: string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...known).map((s) => ({ raw: s, input: s })) },
    {
      weight: 3,
      arbitrary: fc.oneof(fc.stringMatching(/^[a-z]{3}_[A-Za-z0-9]{1,40}$/), anyText).map((s) => ({ raw: percentEncode(s), input: s })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%00', '%zz', '%', '%c3', '%ff', '%2e%2e', '%2F', '%E2%82', 'a%00b').map((raw) => ({ raw, input: raw })),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 12_000 }).map((n) => ({ raw: 'x'.repeat(n), input: 'x'.repeat(n) })) },
  );

const jsonish = fc.oneof(
  anyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyText, { maxLength: 3 }),
  fc.dictionary(anyText, anyText, { maxKeys: 3 }),
);
const profileBody = fc.record(
  { name: jsonish, subject_token_type: jsonish, action_id: jsonish, type: jsonish, extra: jsonish },
  { requiredKeys: [] },
);
// Plausible updates so that successes are reached too, and conflicts (subject_token_type is unique).
const plausibleUpdate = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 60 }),
    subject_token_type: fc.oneof(fc.stringMatching(/^urn:[a-z]{1,8}:[a-z0-9-]{1,20}$/), fc.constantFrom('urn:taken:1', 'urn:taken:2')),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  { weight: 3, arbitrary: plausibleUpdate.map((v) => JSON.stringify(v)) },
  { weight: 4, arbitrary: fc.oneof(profileBody, fc.dictionary(anyText, jsonish, { maxKeys: 4 }), jsonish).map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      anyText,
      fc.constantFrom('{', '{"name":', '[]', 'null', '{"name":"a\\u0000"}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.dictionary(anyText, anyText, { maxKeys: 4 }).map((form) =>
      Object.entries(form)
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
        .join('&'),
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 9_000, max: 12_000 }).map((n) => JSON.stringify({ name: 'n'.repeat(n) })) },
);
const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
    'APPLICATION/JSON',
    'application/json; charset=latin1',
    'application/jsonx',
    'application/x-www-form-urlencoded; charset=utf-16',
    '',
  ),
);
const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
const extraHeaders = fc.dictionary(
  fc.constantFrom('x-request-id', 'accept', 'accept-encoding', 'x-forwarded-for', 'origin', 'content-encoding', 'transfer-encoding-x'),
  headerText,
  { maxKeys: 3 },
);

type TokenKind =
  'valid' | 'noScope' | 'expired' | 'notYet' | 'foreign' | 'wrongAudience' | 'unsigned' | 'hmac' | 'none' | 'garbage' | 'scheme' | 'claims';
const tokenKind = fc.constantFrom<TokenKind>(
  'valid',
  'valid',
  'valid',
  'noScope',
  'expired',
  'notYet',
  'foreign',
  'wrongAudience',
  'unsigned',
  'hmac',
  'none',
  'garbage',
  'scheme',
  'claims',
);
// Any JSON value in any claim the service reads: malformed claims are refused 401, never a 500.
const claim = fc.record({
  name: fc.constantFrom('exp', 'iat', 'nbf', 'scope', 'permissions', 'sub', 'azp', 'iss', 'aud'),
  value: fc.jsonValue({ maxDepth: 2 }),
});

interface Known {
  organizations: string[];
  grants: string[];
  profiles: string[];
}

function managementCase(known: Known): fc.Arbitrary<Case> {
  const route = fc.oneof(
    fc.tuple(pathSegment(known.organizations), pathSegment(known.grants)).map(([org, grant]) => ({
      method: 'delete' as const,
      path: `/api/v2/organizations/${org.raw}/client-grants/${grant.raw}`,
      inputs: [org.input, grant.input],
    })),
    pathSegment(known.profiles).map((id) => ({
      method: 'patch' as const,
      path: `/api/v2/token-exchange-profiles/${id.raw}`,
      inputs: [id.input],
    })),
    pathSegment(known.profiles).map((id) => ({
      method: 'delete' as const,
      path: `/api/v2/token-exchange-profiles/${id.raw}`,
      inputs: [id.input],
    })),
  );
  // Mostly without a query string: none of these routes takes one, so most would stop at 400.
  const query = fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.dictionary(anyText, anyText, { minKeys: 1, maxKeys: 2 }) },
  );
  return fc
    .record({ route, body: fc.option(body), contentType, extraHeaders, token: tokenKind, claim, junk: headerText, query })
    .map(({ route, body, contentType, extraHeaders, token, claim, junk, query }): Case => {
      const headers: Record<string, string> = { ...extraHeaders };
      if (contentType) headers['content-type'] = contentType;
      const qs = query
        ? `?${Object.entries(query)
            .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
            .join('&')}`
        : '';
      const inputs = [...route.inputs, ...Object.values(extraHeaders), junk, ...Object.entries(query ?? {}).flat()];
      if (body !== null) inputs.push(body, ...stringsIn(body));
      return printable({ method: route.method, path: route.path + qs, headers, token, claim, junk, body: body ?? undefined, inputs });
    });
}

function tokenCase(admin: { client_id: string; client_secret: string; audience: string }): fc.Arbitrary<Case> {
  const field = (real: string) => fc.oneof(fc.constant(real), anyText, jsonish);
  const fields = fc.record(
    {
      grant_type: fc.oneof(fc.constant('client_credentials'), anyText, jsonish),
      client_id: field(admin.client_id),
      client_secret: field(admin.client_secret),
      audience: field(admin.audience),
      scope: anyText,
      extra: anyText,
    },
    { requiredKeys: [] },
  );
  const encoded = fc.tuple(fields, fc.boolean()).map(([values, asForm]) =>
    asForm
      ? {
          text: Object.entries(values)
            .map(([k, v]) => `${k}=${percentEncode(typeof v === 'string' ? v : JSON.stringify(v))}`)
            .join('&'),
          type: 'application/x-www-form-urlencoded',
        }
      : { text: JSON.stringify(values), type: 'application/json' },
  );
  const raw = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: body });
  const type = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: contentType });
  return fc
    .record({ encoded, raw, contentType: type, extraHeaders, junk: headerText })
    .map(({ encoded, raw, contentType, extraHeaders, junk }): Case => {
      const text = raw ?? encoded.text;
      const headers: Record<string, string> = { ...extraHeaders, 'content-type': contentType ?? encoded.type };
      if (!headers['content-type']) delete headers['content-type'];
      if (junk.length % 3 === 0) headers.authorization = `Basic ${junk}`;
      return printable({
        method: 'post',
        path: '/oauth/token',
        headers,
        junk,
        body: text,
        inputs: [text, ...stringsIn(text), ...Object.values(extraHeaders), junk],
      });
    });
}

async function bearer(t: TestApp, kind: TokenKind, junk: string, claim: Case['claim']): Promise<string | undefined> {
  const { tokens } = t;
  switch (kind) {
    case 'valid':
      return `Bearer ${await tokens.sign({ scope: SCOPES })}`;
    case 'noScope':
      return `Bearer ${await tokens.sign({ scope: 'read:clients' })}`;
    case 'expired':
      return `Bearer ${await tokens.sign({ scope: SCOPES, expiresIn: -60 })}`;
    case 'notYet':
      return `Bearer ${await tokens.sign({ scope: SCOPES, notBefore: 3600 })}`;
    case 'foreign':
      return `Bearer ${await tokens.sign({ scope: SCOPES, foreignKey: true })}`;
    case 'wrongAudience':
      return `Bearer ${await tokens.sign({ scope: SCOPES, audience: 'https://elsewhere/' })}`;
    case 'unsigned':
      return `Bearer ${tokens.unsigned(SCOPES)}`;
    case 'hmac':
      return `Bearer ${await tokens.hmacWithPublicKey(SCOPES)}`;
    case 'none':
      return undefined;
    case 'garbage':
      return `Bearer ${junk}`;
    case 'scheme':
      return `${junk.split(' ')[0] || 'Token'} abc.def.ghi`;
    case 'claims':
      return `Bearer ${tokens.signClaims(tokens.claims({ scope: SCOPES, ...(claim && { [claim.name]: claim.value }) }))}`;
  }
}

async function send(t: TestApp, c: Case): Promise<Response> {
  let request = t.api[c.method](c.path);
  const authorization = c.token && (await bearer(t, c.token, c.junk, c.claim));
  for (const [name, value] of Object.entries({ ...c.headers, ...(authorization ? { authorization } : {}) }))
    request = request.set(name, value);
  return c.body === undefined ? request : request.send(c.body);
}

describe(`fuzz: the three core operations and the token endpoint (${RUNS} cases, seed ${SEED})`, () => {
  let t: TestApp;
  let admin: { client_id: string; client_secret: string; audience: string };
  let known: Known;
  before(async () => {
    t = await startTestApp();
    admin = JSON.parse(await readFile(join(t.dataDir, ADMIN_CLIENT_FILE), 'utf8')) as typeof admin;
    // Real rows, so generated requests also reach the database and its constraints (unique names among them).
    known = {
      organizations: await t.factories.organizations(5),
      grants: await t.factories.clientGrants(100),
      profiles: await t.factories.tokenExchangeProfiles(200),
    };
    for (const [i, grant] of known.grants.entries()) await t.factories.associate(known.organizations[i % 5], grant);
  });
  after(() => t.close());

  it('never answers 5xx, always in the error shape, never with internal detail', async (test) => {
    const statuses = new Map<number, number>();
    const anyCase = fc.oneof({ weight: 4, arbitrary: managementCase(known) }, { weight: 1, arbitrary: tokenCase(admin) });
    await fc.assert(
      fc.asyncProperty(anyCase, async (c) => {
        const res = await send(t, c);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        check(c, res);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // Which answers the cases reached, so a generator that only ever produces one kind of error shows.
    test.diagnostic(
      `statuses: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    if (RUNS >= 1000)
      assert.ok(
        [200, 204, 400, 401, 404].every((status) => statuses.has(status)),
        'successes, validation, auth and not-found errors all reached',
      );
  });
});
