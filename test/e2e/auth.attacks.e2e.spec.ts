import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Response } from 'supertest';
import { SigningKeyStore } from '../../src/signing-keys/signing-key.store.js';
import { clientWithGrant, issuedToken } from '../support/issuer.js';
import { Errors, expectError } from '../support/responses.js';
import { AUDIENCE, ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'delete:token_exchange_profiles';
const PATH = '/api/v2/token-exchange-profiles/tep_doesNotMatter0001';
const TEN_YEARS = 10 * 365 * 24 * 3600;

type Outcome = 'accepted' | 'invalid' | 'expired' | 'badSignature' | 'missing';

/** Two credentials where one is expected: RFC 6750 §3.1 `invalid_request`, a 400. */
function expectAmbiguous(res: Response): void {
  expectError(res, 400, 'invalid_request', 'Only one Authorization header is allowed.');
  assert.equal(res.headers['www-authenticate'], 'Bearer');
}

function expectOutcome(res: Response, outcome: Outcome): void {
  if (outcome === 'accepted') assert.equal(res.status, 204, `expected 204, got ${res.status}: ${res.text}`);
  else if (outcome === 'invalid') Errors.invalidToken(res);
  else if (outcome === 'expired') Errors.expired(res);
  else if (outcome === 'badSignature') Errors.badSignature(res);
  else Errors.missingAuth(res);
}

describe('JWT attack matrix: every refusal is an exact 401 (or 400) with WWW-Authenticate: Bearer', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  const now = () => Math.floor(Date.now() / 1000);
  const call = (authorization?: string | string[]) => {
    const req = t.api.delete(PATH);
    // An array sends one header line per value; superagent's typings allow that for Cookie only.
    return authorization === undefined ? req : req.set('Authorization', authorization as string);
  };
  const valid = () => t.tokens.sign({ scope: SCOPE });
  const claims = (overrides: Record<string, unknown>) => t.tokens.claims({ scope: SCOPE, ...overrides });
  const withClaims = (overrides: Record<string, unknown>) => t.tokens.signClaims(claims(overrides));
  const header = (overrides: Record<string, unknown>) => ({ alg: 'RS256', typ: 'JWT', kid: t.tokens.kid, ...overrides });
  /** A payload whose JSON text is written by hand: values JSON.stringify cannot produce. */
  const rawPayload = (extra: string) => JSON.stringify(claims({ exp: undefined })).replace(/\}$/, `,${extra}}`);

  const cases: { name: string; token: () => string | Promise<string>; outcome: Outcome }[] = [
    { name: 'a valid token (control)', token: valid, outcome: 'accepted' },

    // The header: algorithm and key selection.
    { name: 'alg "none", no signature', token: () => t.tokens.unsigned(SCOPE), outcome: 'invalid' },
    {
      name: 'alg "none" with a signature attached',
      token: async () => `${t.tokens.unsigned(SCOPE)}${(await valid()).split('.')[2]}`,
      outcome: 'invalid',
    },
    { name: 'HS256 signed with the RSA public key (HS/RS confusion)', token: () => t.tokens.hmacWithPublicKey(SCOPE), outcome: 'invalid' },
    { name: 'RS384 with the right key', token: () => t.tokens.sign({ scope: SCOPE, alg: 'RS384' }), outcome: 'invalid' },
    { name: 'alg spelled "rs256"', token: () => t.tokens.signRaw(header({ alg: 'rs256' }), claims({})), outcome: 'invalid' },
    { name: 'no alg', token: () => t.tokens.signRaw(header({ alg: undefined }), claims({})), outcome: 'invalid' },
    { name: 'unknown kid', token: () => t.tokens.sign({ scope: SCOPE, kid: 'not-in-the-jwks' }), outcome: 'invalid' },
    { name: 'missing kid', token: () => t.tokens.signRaw(header({ kid: undefined }), claims({})), outcome: 'invalid' },
    { name: 'kid that is not a string', token: () => t.tokens.signRaw(header({ kid: 1 }), claims({})), outcome: 'invalid' },
    { name: 'known kid, signed with another key', token: () => t.tokens.sign({ scope: SCOPE, foreignKey: true }), outcome: 'badSignature' },

    // Issuer and audience.
    { name: 'wrong iss', token: () => t.tokens.sign({ scope: SCOPE, issuer: 'https://evil.example.com/' }), outcome: 'invalid' },
    { name: 'no iss', token: () => withClaims({ iss: undefined }), outcome: 'invalid' },
    { name: 'iss as an array', token: () => withClaims({ iss: [ISSUER] }), outcome: 'invalid' },
    { name: 'wrong aud', token: () => t.tokens.sign({ scope: SCOPE, audience: 'https://tenant.test/other/' }), outcome: 'invalid' },
    { name: 'no aud', token: () => withClaims({ aud: undefined }), outcome: 'invalid' },
    { name: 'aud as an object', token: () => withClaims({ aud: { 0: AUDIENCE } }), outcome: 'invalid' },

    // Time claims: exp required, iat and nbf no further ahead than the clock skew (60 s).
    { name: 'expired', token: () => t.tokens.sign({ scope: SCOPE, expiresIn: -5 }), outcome: 'expired' },
    { name: 'no exp (would never expire)', token: () => withClaims({ exp: undefined }), outcome: 'invalid' },
    { name: 'exp null', token: () => withClaims({ exp: null }), outcome: 'invalid' },
    { name: 'exp as a string', token: () => withClaims({ exp: String(now() + 3600) }), outcome: 'invalid' },
    { name: 'exp 1e400 (Infinity once parsed)', token: () => t.tokens.signClaims(rawPayload('"exp":1e400')), outcome: 'invalid' },
    { name: 'iat ten years ahead', token: () => withClaims({ iat: now() + TEN_YEARS }), outcome: 'invalid' },
    { name: 'iat two minutes ahead', token: () => withClaims({ iat: now() + 120 }), outcome: 'invalid' },
    { name: 'iat 30 s ahead (within the skew)', token: () => withClaims({ iat: now() + 30 }), outcome: 'accepted' },
    { name: 'iat as a string', token: () => withClaims({ iat: String(now()) }), outcome: 'invalid' },
    { name: 'nbf five minutes ahead', token: () => t.tokens.sign({ scope: SCOPE, notBefore: 300 }), outcome: 'invalid' },
    { name: 'nbf two minutes ahead', token: () => withClaims({ nbf: now() + 120 }), outcome: 'invalid' },
    { name: 'nbf 30 s ahead (within the skew)', token: () => withClaims({ nbf: now() + 30 }), outcome: 'accepted' },
    { name: 'nbf as a string', token: () => withClaims({ nbf: String(now()) }), outcome: 'invalid' },

    // Claims of the wrong JSON type: 401, never a 500 further down.
    { name: 'scope as a number', token: () => withClaims({ scope: 42 }), outcome: 'invalid' },
    { name: 'scope as an array', token: () => withClaims({ scope: [SCOPE] }), outcome: 'invalid' },
    { name: 'scope as an object', token: () => withClaims({ scope: { [SCOPE]: true } }), outcome: 'invalid' },
    { name: 'permissions as a string', token: () => withClaims({ scope: undefined, permissions: SCOPE }), outcome: 'invalid' },
    { name: 'permissions as an object', token: () => withClaims({ scope: undefined, permissions: { 0: SCOPE } }), outcome: 'invalid' },
    { name: 'permissions holding a number', token: () => withClaims({ permissions: [SCOPE, 1] }), outcome: 'invalid' },
    { name: 'permissions holding null', token: () => withClaims({ permissions: [null] }), outcome: 'invalid' },
    { name: 'no sub', token: () => withClaims({ sub: undefined }), outcome: 'invalid' },
    { name: 'empty sub', token: () => withClaims({ sub: '' }), outcome: 'invalid' },
    { name: 'sub as a number', token: () => withClaims({ sub: 42 }), outcome: 'invalid' },
    { name: 'sub as a number, no azp', token: () => withClaims({ sub: 42, azp: undefined }), outcome: 'invalid' },
    { name: 'azp as a number', token: () => withClaims({ azp: 42 }), outcome: 'invalid' },
    { name: 'payload a JSON array', token: () => t.tokens.signClaims([claims({})]), outcome: 'invalid' },
    { name: 'payload a JSON number', token: () => t.tokens.signClaims('123'), outcome: 'invalid' },
    { name: 'payload JSON null', token: () => t.tokens.signClaims('null'), outcome: 'invalid' },
    { name: 'payload a JSON string', token: () => t.tokens.signClaims('"x"'), outcome: 'invalid' },

    // Malformed compact serialisation.
    { name: 'two segments', token: async () => (await valid()).split('.').slice(0, 2).join('.'), outcome: 'invalid' },
    { name: 'four segments', token: async () => `${await valid()}.${(await valid()).split('.')[2]}`, outcome: 'invalid' },
    { name: 'a trailing dot', token: async () => `${await valid()}.`, outcome: 'invalid' },
    { name: 'five segments (a JWE shape)', token: () => 'eyJhbGciOiJSU0EtT0FFUCJ9.a.b.c.d', outcome: 'invalid' },
    { name: 'empty signature', token: async () => (await valid()).replace(/[^.]+$/, ''), outcome: 'invalid' },
    { name: 'empty segments', token: () => '..', outcome: 'invalid' },
    { name: 'non-JSON header', token: () => t.tokens.signRaw('{"alg":"RS256",', claims({})), outcome: 'invalid' },
    { name: 'non-JSON payload', token: () => t.tokens.signClaims('{"sub":'), outcome: 'invalid' },
    { name: 'bad base64 in the header', token: async () => (await valid()).replace(/^[^.]{4}/, '*!*!'), outcome: 'invalid' },
    { name: 'bad base64 in the payload', token: async () => (await valid()).replace(/\.[^.]{4}/, '.%%%%'), outcome: 'invalid' },
    { name: 'base64 padding on the signature', token: async () => `${await valid()}==`, outcome: 'invalid' },
    { name: 'standard base64 (+ and /) in the signature', token: async () => `${(await valid()).slice(0, -2)}+/`, outcome: 'invalid' },
  ];

  for (const { name, token, outcome } of cases) {
    // A timeout, so that a case the service never answers fails instead of stalling the run.
    it(`${outcome === 'accepted' ? '204' : '401'}: ${name}`, { timeout: 10_000 }, async () => {
      expectOutcome(await call(`Bearer ${await token()}`), outcome);
    });
  }

  describe('the credentials themselves', () => {
    it('401 Missing authentication for no header, an empty bearer or another scheme', async () => {
      Errors.missingAuth(await call());
      Errors.missingAuth(await call('Bearer'));
      Errors.missingAuth(await call(`Basic ${await valid()}`));
    });

    it('401 Invalid token for a bearer value holding two tokens', async () => {
      Errors.invalidToken(await call(`Bearer ${await valid()} ${await valid()}`));
      Errors.invalidToken(await call(`Bearer ${await valid()}, Bearer ${await valid()}`));
    });

    it('the scheme name is case-insensitive (RFC 7235)', async () => {
      assert.equal((await call(`bearer ${await valid()}`)).status, 204);
      assert.equal((await call(`BEARER ${await valid()}`)).status, 204);
    });

    it('400 for two Authorization headers, whichever of them is valid', async () => {
      const [good, other] = [await valid(), await valid()];
      expectAmbiguous(await call([`Bearer ${good}`, `Bearer ${good}`]));
      expectAmbiguous(await call([`Bearer ${good}`, `Bearer ${other}`]));
      expectAmbiguous(await call([`Bearer ${good}`, 'Bearer junk']));
      expectAmbiguous(await call(['Bearer junk', `Bearer ${good}`]));
      expectAmbiguous(await call([`Bearer ${good}`, '']));
    });

    it('400 for two Authorization header lines differing in case, sent on a raw socket', async () => {
      const server = t.app.getHttpServer();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const good = await valid();
      const response = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
        const lines = [
          `DELETE ${PATH} HTTP/1.1`,
          'Host: x',
          `Authorization: Bearer ${good}`,
          'authorization: Bearer junk',
          'Connection: close',
        ];
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      });
      const [head, body] = response.split('\r\n\r\n');
      assert.match(head, /^HTTP\/1\.1 400 /);
      assert.match(head, /\r\nwww-authenticate: Bearer\r\n/i);
      assert.deepEqual(JSON.parse(body), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Only one Authorization header is allowed.',
        errorCode: 'invalid_request',
      });
    });

    it('an access_token query or body parameter is never a credential', async () => {
      const token = await valid();
      Errors.missingAuth(await t.api.delete(`${PATH}?access_token=${token}`));
      Errors.missingAuth(await t.api.delete(PATH).type('form').send({ access_token: token }));
      // Beside a header, only the header counts: the refusal names the header's token, not the parameter's.
      Errors.invalidToken(await t.api.delete(`${PATH}?access_token=${token}`).set('Authorization', 'Bearer junk'));
    });
  });

  describe('tokens signed with our own keys (the built-in issuer) meet the same rules', () => {
    /** Signed with this tenant's current signing key, for a client that is global (so only the claims decide). */
    const ownToken = async (clientId: string, overrides: Record<string, unknown>) => {
      const { kid, key } = await t.app.get(SigningKeyStore).current();
      const payload = t.tokens.claims({ sub: `${clientId}@clients`, azp: clientId, scope: SCOPE, ...overrides });
      return t.tokens.signRaw({ alg: 'RS256', typ: 'JWT', kid }, payload, key);
    };
    let clientId: string;
    before(async () => {
      const client = await clientWithGrant(t, [SCOPE]);
      clientId = client.client_id;
      // A token from /oauth/token, then one made the same way by hand: both accepted, so the refusals below are the claims'.
      assert.equal((await call(`Bearer ${await issuedToken(t, client)}`)).status, 204);
      assert.equal((await call(`Bearer ${await ownToken(clientId, {})}`)).status, 204);
    });

    const ownCases: { name: string; overrides: () => Record<string, unknown>; outcome: Outcome }[] = [
      { name: 'no exp', overrides: () => ({ exp: undefined }), outcome: 'invalid' },
      { name: 'expired', overrides: () => ({ exp: now() - 5 }), outcome: 'expired' },
      { name: 'iat ten years ahead', overrides: () => ({ iat: now() + TEN_YEARS }), outcome: 'invalid' },
      { name: 'nbf two minutes ahead', overrides: () => ({ nbf: now() + 120 }), outcome: 'invalid' },
      { name: 'scope as a number', overrides: () => ({ scope: 42 }), outcome: 'invalid' },
      { name: 'permissions as a string', overrides: () => ({ permissions: SCOPE }), outcome: 'invalid' },
      { name: 'wrong aud', overrides: () => ({ aud: 'https://tenant.test/other/' }), outcome: 'invalid' },
    ];
    for (const { name, overrides, outcome } of ownCases) {
      it(`401: ${name}`, async () => expectOutcome(await call(`Bearer ${await ownToken(clientId, overrides())}`), outcome));
    }
  });
});
