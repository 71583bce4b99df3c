import assert from 'node:assert/strict';
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, decodeJwt, issuedToken, type IssuedClient } from '../support/issuer.js';
import { Errors } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'delete:token_exchange_profiles';

function signRs256(header: Record<string, unknown>, claims: Record<string, unknown>, privateKey: string): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url')}`;
}

describe('signing keys across instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let client: IssuedClient;

  before(async () => {
    a = await startTestApp();
    b = await startTestApp({}, { tokens: a.tokens, databaseUrl: a.databaseUrl });
    client = await clientWithGrant(a, [SCOPE]);
  });
  after(async () => {
    // Either is unset when before() failed part way.
    const started: (TestApp | undefined)[] = [b, a];
    for (const app of started) await app?.close();
  });

  const use = (t: TestApp, token: string) =>
    t.api.delete('/api/v2/token-exchange-profiles/tep_absent').set('Authorization', `Bearer ${token}`);
  const jwksKids = async (t: TestApp): Promise<string[]> =>
    ((await t.api.get('/.well-known/jwks.json')).body as { keys: { kid: string }[] }).keys.map((key) => key.kid);

  it('a rotation on A is in force on B when the rotate call returns: B verifies, publishes and signs with the new key', async () => {
    // B has just read its keys, so no periodic reload can stand in for the rotation reaching it.
    const before = await jwksKids(b);
    const res = await a.api.post('/api/v2/keys/signing/rotate').set('Authorization', await a.bearer('create:signing_keys'));
    assert.equal(res.status, 201);
    const kid = (res.body as { kid: string }).kid;
    assert.ok(!before.includes(kid));

    const fromA = await issuedToken(a, client);
    assert.equal(decodeJwt(fromA).header.kid, kid);
    assert.equal((await use(b, fromA)).status, 204);
    assert.equal((await jwksKids(b))[0], kid);
    const fromB = await issuedToken(b, client);
    assert.equal(decodeJwt(fromB).header.kid, kid, 'B signs with the new key, not the retired one');
    assert.equal((await use(a, fromB)).status, 204);
  });

  it('a key B has not been told about (no notification) is looked up in the database before a token is refused', async () => {
    const issued = decodeJwt(await issuedToken(b, client));
    await jwksKids(b);
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomBytes(16).toString('base64url');
    // Written straight to the table, as a rotation whose notification was lost would leave it.
    await a.prisma.signingKey.create({
      data: {
        kid,
        public_key: publicKey.export({ type: 'spki', format: 'pem' }) as string,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        rotated_at: new Date(),
      },
    });
    const token = signRs256({ ...issued.header, kid }, issued.claims, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
    assert.equal((await use(b, token)).status, 204);
  });

  it('unknown kids are refused, and the database is asked at most about every 200 ms for them', async () => {
    const issued = decodeJwt(await issuedToken(b, client));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const started = Date.now();
    for (let i = 0; i < 4; i++) {
      Errors.invalidToken(await use(b, signRs256({ ...issued.header, kid: randomBytes(16).toString('base64url') }, issued.claims, pem)));
    }
    assert.ok(Date.now() - started >= 600, `4 unknown kids took ${Date.now() - started} ms: reloads are not rate-limited`);
  });
});
