import type { Response } from 'supertest';
import { AUDIENCE, type TestApp } from './test-app.js';

export interface IssuedClient {
  client_id: string;
  client_secret: string;
}

/** A client made through POST /clients, holding a grant for `audience` with `scope`. */
export async function clientWithGrant(t: TestApp, scope: string[], audience = AUDIENCE): Promise<IssuedClient> {
  const res = await t.api
    .post('/api/v2/clients')
    .set('Authorization', await t.bearer('create:clients'))
    .send({ name: 'test m2m' });
  if (res.status !== 201) throw new Error(`client creation failed: ${res.status} ${res.text}`);
  const { client_id, client_secret } = res.body as IssuedClient;
  await t.factories.clientGrant({ client_id, audience, scope });
  return { client_id, client_secret };
}

/** POST /oauth/token with the client credentials grant, as JSON. */
export function requestToken(t: TestApp, client: IssuedClient, extra: Record<string, string> = {}): Promise<Response> {
  return t.api
    .post('/oauth/token')
    .send({ grant_type: 'client_credentials', ...client, audience: AUDIENCE, ...extra })
    .then((res) => res);
}

/** An access token of ours for `client`, or a thrown error showing why there is none. */
export async function issuedToken(t: TestApp, client: IssuedClient, extra: Record<string, string> = {}): Promise<string> {
  const res = await requestToken(t, client, extra);
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return (res.body as { access_token: string }).access_token;
}

export function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  return { header, claims };
}
