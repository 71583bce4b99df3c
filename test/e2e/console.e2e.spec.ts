import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clientWithGrant, type IssuedClient } from '../support/issuer.js';
import { expectError } from '../support/responses.js';
import { AUDIENCE, startTestApp, type TestApp } from '../support/test-app.js';

// The console is built by `npm test` (npm run build:console) before the specs run.
const HOST = 'console.test';
const ORIGIN = `http://${HOST}`;

describe('/console (the service side of the tenant console)', () => {
  let t: TestApp;
  let admin: IssuedClient;
  before(async () => {
    t = await startTestApp();
    admin = await clientWithGrant(t, ['read:organizations', 'read:organization_client_grants', 'delete:organization_client_grants']);
  });
  after(() => t.close());

  const signIn = (client: IssuedClient, origin = ORIGIN) =>
    t.api
      .post('/console/session')
      .set('Host', HOST)
      .set('Origin', origin)
      .send({ client_id: client.client_id, client_secret: client.client_secret });
  const cookieOf = (res: { headers: Record<string, unknown> }): string => {
    const [cookie] = res.headers['set-cookie'] as string[];
    return cookie.split(';')[0];
  };

  it('serves the page under a Content-Security-Policy that allows nothing inline and nothing from elsewhere', async () => {
    const res = await t.api.get('/console');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'], /^text\/html/);
    const policy = res.headers['content-security-policy'];
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /style-src 'self'(;|$)/);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|https?:/);
    const script = /<script type="module" crossorigin src="(\/console\/assets\/[^"]+\.js)">/.exec(res.text)?.[1];
    assert.ok(script, res.text);
    assert.doesNotMatch(res.text.replace(/<script[^>]*src=[^>]*><\/script>/g, ''), /<script/);
    const asset = await t.api.get(script);
    assert.equal(asset.status, 200);
    assert.match(asset.headers['content-type'], /^application\/javascript/);
    expectError(await t.api.get('/console/assets/..%2Findex.html'), 404, 'inexistent_asset', 'No such console file.');
  });

  it('signs in with client credentials: an HttpOnly SameSite=Strict cookie, the scopes, no token in the answer', async () => {
    const res = await signIn(admin);
    assert.equal(res.status, 201);
    const [cookie] = res.headers['set-cookie'] as unknown as string[];
    assert.match(cookie, /^console_session=[\w-]{43}; Path=\/console; Max-Age=86400; HttpOnly; SameSite=Strict$/);
    assert.deepEqual(Object.keys(res.body).sort(), ['client_id', 'csrf_token', 'expires_at', 'scopes']);
    assert.equal(res.body.client_id, admin.client_id);
    assert.deepEqual(res.body.scopes, ['read:organizations', 'read:organization_client_grants', 'delete:organization_client_grants']);
    assert.doesNotMatch(res.text, /eyJ/);
    const session = await t.api.get('/console/session').set('Cookie', cookieOf(res));
    assert.equal(session.status, 200);
    assert.deepEqual(session.body, res.body);
  });

  it('refuses wrong credentials in the token endpoint words, and a sign-in from another origin', async () => {
    expectError(await signIn({ ...admin, client_secret: 'wrong' }), 401, 'invalid_client', 'Client authentication failed.');
    const other = await clientWithGrant(t, ['read:clients'], 'https://other.example/');
    expectError(
      await signIn(other),
      403,
      'access_denied',
      `Client is not authorized to access "${AUDIENCE}". You need to create a "client-grant" associated to this API. See: https://auth0.com/docs/api/v2#!/Client_Grants/post_client_grants`,
    );
    const crossOrigin = 'Sign-in is accepted only from the console page of this service (Origin).';
    expectError(await signIn(admin, 'https://evil.example'), 403, 'console_cross_origin', crossOrigin);
    expectError(
      await t.api.post('/console/session').send({ client_id: admin.client_id, client_secret: admin.client_secret }),
      403,
      'console_cross_origin',
      crossOrigin,
    );
  });

  it('forwards API calls with the session token, and refuses a change without the CSRF token', async () => {
    const org = await t.factories.organization();
    const grant = await t.factories.clientGrant();
    await t.factories.associate(org.id, grant.id);
    const res = await signIn(admin);
    const cookie = cookieOf(res);
    const list = await t.api.get(`/console/api/organizations/${org.id}/client-grants`).set('Cookie', cookie);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.map((g: { id: string }) => g.id),
      [grant.id],
    );
    const path = `/console/api/organizations/${org.id}/client-grants/${grant.id}`;
    const refused = 'The request did not come from the console page (missing or wrong X-CSRF-Token).';
    expectError(await t.api.delete(path).set('Cookie', cookie), 403, 'console_csrf_refused', refused);
    expectError(await t.api.delete(path).set('Cookie', cookie).set('X-CSRF-Token', 'guess'), 403, 'console_csrf_refused', refused);
    assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: org.id } }), 1);
    const removed = await t.api.delete(path).set('Cookie', cookie).set('X-CSRF-Token', res.body.csrf_token);
    assert.equal(removed.status, 204);
    assert.equal(await t.prisma.organizationClientGrant.count({ where: { organization_id: org.id } }), 0);
  });

  it('answers the API refusals as the API words them (a scope the session lacks)', async () => {
    const cookie = cookieOf(await signIn(admin));
    const res = await t.api.get('/console/api/clients').set('Cookie', cookie);
    expectError(res, 403, 'insufficient_scope', 'Insufficient scope, expected any of: read:clients, read:client_keys');
    expectError(
      await t.api.get('/console/api/../../oauth/token').set('Cookie', cookie),
      404,
      'inexistent_route',
      'The console reaches /api/v2 only.',
    );
  });

  it('requires a session for the API and the session, and signing out ends it', async () => {
    const required = (res: Parameters<typeof expectError>[0]) =>
      expectError(res, 401, 'console_sign_in_required', 'Sign in to the console first.');
    required(await t.api.get('/console/api/organizations'));
    required(await t.api.get('/console/session'));
    required(await t.api.get('/console/session').set('Cookie', 'console_session=forged'));
    const res = await signIn(admin);
    const cookie = cookieOf(res);
    expectError(
      await t.api.delete('/console/session').set('Cookie', cookie),
      403,
      'console_csrf_refused',
      'The request did not come from the console page (missing or wrong X-CSRF-Token).',
    );
    const out = await t.api.delete('/console/session').set('Cookie', cookie).set('X-CSRF-Token', res.body.csrf_token);
    assert.equal(out.status, 204);
    assert.match((out.headers['set-cookie'] as unknown as string[])[0], /^console_session=; Path=\/console; Max-Age=0;/);
    required(await t.api.get('/console/api/organizations').set('Cookie', cookie));
  });

  it('keeps /console out of the OpenAPI document and leaves /api/v2 as it was', async () => {
    const document = await t.api.get('/api/v2/openapi.json');
    assert.equal(document.status, 200);
    assert.deepEqual(
      Object.keys(document.body.paths).filter((path) => path.includes('console')),
      [],
    );
    assert.equal((await t.api.get('/api/v2/organizations')).status, 401);
    assert.equal((await t.api.get('/api/v2/console')).status, 404);
  });
});

describe('/console/api under the rate limit', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '60', REDIS_URL: '' })));
  after(() => t.close());

  it('hands the 429 on with its Retry-After, so the console can say when to retry', async () => {
    const client = await clientWithGrant(t, ['read:organizations']);
    const res = await t.api
      .post('/console/session')
      .set('Host', HOST)
      .set('Origin', ORIGIN)
      .send({ client_id: client.client_id, client_secret: client.client_secret });
    assert.equal(res.status, 201);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 5 && !refused; i++) {
      const answer = await t.api.get('/console/api/organizations').set('Cookie', cookie);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    assert.ok(refused, `statuses ${statuses.join(' ')}`);
    expectError(refused, 429, 'too_many_requests', 'Global limit has been reached');
    assert.match(refused.headers['retry-after'], /^\d+$/);
    assert.equal(statuses[0], 200);
  });
});
