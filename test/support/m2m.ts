import type { Response } from 'supertest';
import type { IssuedClient } from './issuer.js';
import type { TestApp } from './test-app.js';

/** A machine-to-machine client with one client grant on an API of its own, set up through the Management API. */
export interface M2mSetup {
  client: IssuedClient;
  audience: string;
  grantId: string;
}

export interface GrantOrganizationSettings {
  organization_usage?: 'deny' | 'allow' | 'require';
  allow_any_organization?: boolean;
}

function expectStatus(res: Response, status: number, what: string): Response {
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${res.text}`);
  return res;
}

export async function m2mClient(
  t: TestApp,
  grant: GrantOrganizationSettings = {},
  client: Record<string, unknown> = {},
): Promise<M2mSetup> {
  const api = await t.factories.resourceServer({ scopes: ['read:things'] });
  const created = expectStatus(
    await t.api
      .post('/api/v2/clients')
      .set('Authorization', await t.bearer('create:clients'))
      .send({ name: 'org m2m', app_type: 'non_interactive', ...client }),
    201,
    'client creation',
  );
  const { client_id, client_secret } = created.body as IssuedClient;
  const granted = expectStatus(
    await t.api
      .post('/api/v2/client-grants')
      .set('Authorization', await t.bearer('create:client_grants'))
      .send({ client_id, audience: api.identifier, scope: ['read:things'], ...grant }),
    201,
    'client grant creation',
  );
  return { client: { client_id, client_secret }, audience: api.identifier, grantId: (granted.body as { id: string }).id };
}

/** POST /organizations/{id}/client-grants, as an administrator would. */
export async function associate(t: TestApp, organizationId: string, grantId: string): Promise<void> {
  expectStatus(
    await t.api
      .post(`/api/v2/organizations/${organizationId}/client-grants`)
      .set('Authorization', await t.bearer('create:organization_client_grants'))
      .send({ grant_id: grantId }),
    201,
    'association',
  );
}

/** Operation 4.1: DELETE /organizations/{id}/client-grants/{grant_id}. */
export async function dissociate(t: TestApp, organizationId: string, grantId: string): Promise<Response> {
  return t.api
    .delete(`/api/v2/organizations/${organizationId}/client-grants/${grantId}`)
    .set('Authorization', await t.bearer('delete:organization_client_grants'));
}

/** The client credentials grant for the setup's audience, with `organization` when given (from `forwardedFor` behind a proxy). */
export function orgToken(t: TestApp, setup: M2mSetup, organization?: string): Promise<Response> {
  return t.api
    .post('/oauth/token')
    .send({
      grant_type: 'client_credentials',
      ...setup.client,
      audience: setup.audience,
      ...(organization === undefined ? {} : { organization }),
    })
    .then((res) => res);
}
