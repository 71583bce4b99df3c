// needs: openssl
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { a0deploy, TlsTenant } from '../support/a0deploy.js';
import { must } from '../support/must.js';

// The resource types a0deploy manages here (its handlers' `type` names, checked in its source).
const INCLUDED: readonly string[] = ['resourceServers', 'clients', 'clientGrants', 'connections', 'databases', 'organizations'];
const has = (type: string): boolean => INCLUDED.includes(type);
const ORDERS = 'https://orders.example/api';

type Entity = Record<string, unknown>;
interface Deploy {
  id: string;
  secret: string;
}

/**
 * The real auth0-deploy-cli against the real server over HTTPS: what it exports is what the API
 * holds, what it imports is what the file says, and an unchanged export imports as no change.
 */
describe('a0deploy (auth0-deploy-cli) round trip', () => {
  let tenant: TlsTenant;
  let deploy: Deploy;
  before(async () => {
    tenant = await TlsTenant.start();
    deploy = await tenant.deployClient();
    await seed(tenant);
  });
  after(() => tenant.stop());

  const run = async (args: string[], env: Record<string, string> = {}) => {
    const from = tenant.server.lines.length;
    const result = await a0deploy(tenant, deploy, args, { AUTH0_INCLUDED_ONLY: JSON.stringify(INCLUDED), ...env });
    assert.equal(
      result.code,
      0,
      `a0deploy ${args.join(' ')} failed:\n${result.output}\nrequests:\n${tenant.requestsSince(from).join('\n')}`,
    );
  };

  it('yaml: exports exactly the tenant, re-imports it unchanged, applies an edit, deletes only when allowed', async () => {
    const before = await state(tenant, deploy);
    const out = join(tenant.dir, 'yaml');
    await run(['export', '-f', 'yaml', '-o', out]);
    const file = join(out, 'tenant.yaml');
    const exported = parse(await readFile(file, 'utf8')) as Record<string, Entity[]>;
    assert.deepEqual(byName(exported.clients), byName(before.clients.map(asExported)));
    assert.deepEqual(
      grantsByPair(exported.clientGrants),
      grantsByPair(before.clientGrants.filter((g) => g.client_id !== deploy.id).map((g) => nameClient(g, before.clients))),
    );
    // a0deploy leaves out the Management API itself (by its name) and never writes it back.
    if (has('resourceServers'))
      assert.deepEqual(
        byName(exported.resourceServers),
        byName(before.resourceServers.filter((rs) => rs.name !== 'Auth0 Management API').map(({ id: _id, ...rs }) => rs)),
      );
    if (has('connections')) assert.deepEqual(names(exported.connections), ['google']);
    if (has('databases')) assert.deepEqual(names(exported.databases), ['customers-db']);
    if (has('organizations')) {
      assert.deepEqual(names(exported.organizations), ['acme']);
      // An organization's grants are exported by their client's name (a0deploy knows one grant per client).
      assert.deepEqual([...(byName(exported.organizations).acme.client_grants as Entity[])].sort(byClient), [
        { client_id: 'Mobile App' },
        { client_id: 'Orders Worker' },
      ]);
    }
    // The grants' organization settings are exported as the API holds them.
    assert.deepEqual(
      pick(grantsByPair(exported.clientGrants)[`Storefront -> ${ORDERS}`], ORGANIZATION_SETTINGS.Storefront),
      ORGANIZATION_SETTINGS.Storefront,
    );
    assert.deepEqual(
      pick(grantsByPair(exported.clientGrants)[`Orders Worker -> ${ORDERS}`], ORGANIZATION_SETTINGS['Orders Worker']),
      ORGANIZATION_SETTINGS['Orders Worker'],
    );
    for (const [name, seeded] of Object.entries(SEEDED_CLIENTS))
      assert.deepEqual(pick(byName(exported.clients)[name], seeded), seeded, name);
    if (has('organizations')) {
      const acme = must(before.organizations.find((o) => o.name === 'acme'));
      assert.deepEqual(byName(exported.clients)['Orders Worker'].default_organization, {
        organization_id: acme.id,
        flows: ['client_credentials'],
      });
    }

    await run(['import', '-i', file]);
    assert.deepEqual(await state(tenant, deploy), before, 're-importing an unchanged export changes nothing');

    // The edit: one client changed, one added, one left out (with its grant), a grant's scope widened,
    // another's organization settings changed; the organization drops Mobile App's grant and gains the new one.
    const edited = structuredClone(exported);
    const storefront = byName(edited.clients).Storefront;
    Object.assign(storefront, { description: 'edited by a0deploy', callbacks: ['https://shop.example/cb', 'https://shop.example/cb2'] });
    storefront.client_metadata = { ...(storefront.client_metadata as object), channel: 'web' };
    edited.clients = edited.clients.filter((c) => c.name !== 'Mobile App');
    edited.clients.push({ name: 'Reporting Job', app_type: 'non_interactive', description: 'made by a0deploy' });
    edited.clientGrants = edited.clientGrants.filter((g) => g.client_id !== 'Mobile App');
    const workerGrant = edited.clientGrants.find((g) => g.client_id === 'Orders Worker' && g.audience === ORDERS);
    assert.ok(workerGrant);
    workerGrant.scope = ['read:orders', 'write:orders'];
    Object.assign(must(edited.clientGrants.find((g) => g.client_id === 'Storefront')), {
      allow_any_organization: false,
      organization_usage: 'require',
    });
    edited.clientGrants.push({ client_id: 'Reporting Job', audience: ORDERS, scope: ['read:orders'], organization_usage: 'require' });
    if (has('organizations')) {
      const acme = byName(edited.organizations).acme;
      acme.display_name = 'Acme Corporation';
      acme.client_grants = [{ client_id: 'Orders Worker' }, { client_id: 'Reporting Job' }];
    }
    await writeFile(file, stringify(edited));

    await run(['import', '-i', file]);
    const applied = await state(tenant, deploy);
    const reporting = applied.clients.find((c) => c.name === 'Reporting Job');
    assert.ok(reporting, 'the added client exists');
    assert.deepEqual(pick(reporting, { app_type: 'non_interactive', description: 'made by a0deploy' }), {
      app_type: 'non_interactive',
      description: 'made by a0deploy',
    });
    const expected = structuredClone(before);
    Object.assign(must(expected.clients.find((c) => c.name === 'Storefront')), {
      description: 'edited by a0deploy',
      callbacks: ['https://shop.example/cb', 'https://shop.example/cb2'],
      client_metadata: { ...SEEDED_CLIENTS.Storefront.client_metadata, channel: 'web' },
    });
    expected.clients.push(reporting);
    const worker = must(before.clients.find((c) => c.name === 'Orders Worker')).client_id;
    const workerExpected = must(expected.clientGrants.find((g) => g.client_id === worker && g.audience === ORDERS));
    workerExpected.scope = ['read:orders', 'write:orders'];
    const storefrontId = must(before.clients.find((c) => c.name === 'Storefront')).client_id;
    Object.assign(must(expected.clientGrants.find((g) => g.client_id === storefrontId)), {
      allow_any_organization: false,
      organization_usage: 'require',
    });
    const newGrant = must(applied.clientGrants.find((g) => g.client_id === reporting.client_id));
    const asSent = { audience: ORDERS, scope: ['read:orders'], organization_usage: 'require' };
    assert.deepEqual(pick(newGrant, asSent), asSent);
    expected.clientGrants.push(newGrant);
    if (has('organizations'))
      Object.assign(must(expected.organizations.find((o) => o.name === 'acme')), {
        display_name: 'Acme Corporation',
        // The API lists an organization's grants by id in the database's byte order, not the locale's.
        // An organization's grants are answered without subject_type, as Auth0's are.
        client_grants: [workerExpected, newGrant]
          .map(({ subject_type: _, ...grant }) => grant)
          .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1)),
      });
    assert.deepEqual(applied, sorted(expected), 'the edit, and nothing else; Mobile App kept without AUTH0_ALLOW_DELETE');

    await run(['import', '-i', file], { AUTH0_ALLOW_DELETE: 'true' });
    const mobile = must(before.clients.find((c) => c.name === 'Mobile App')).client_id;
    const deleted = await state(tenant, deploy);
    // The organization's grants were already as the file says: deleting Mobile App's grant leaves them be.
    assert.deepEqual(deleted, {
      ...applied,
      clients: applied.clients.filter((c) => c.client_id !== mobile),
      clientGrants: applied.clientGrants.filter((g) => g.client_id !== mobile),
    });
  });

  // Each import costs a0deploy over a minute of local work (schema validation) on a busy machine,
  // so the directory format gets one import: the edited export, whose result must be exactly the edit.
  it('directory: exports one file per resource and imports an edited file as exactly that edit', async () => {
    const dir = join(tenant.dir, 'directory');
    const before = await state(tenant, deploy);
    await run(['export', '-f', 'directory', '-o', dir]);
    const clientFiles = (await readdir(join(dir, 'clients'))).sort();
    assert.deepEqual(clientFiles, before.clients.map((c) => `${String(c.name)}.json`).sort());
    const workerFile = join(dir, 'clients', 'Orders Worker.json');
    const worker = JSON.parse(await readFile(workerFile, 'utf8')) as Entity;
    assert.deepEqual(worker, asExported(must(before.clients.find((c) => c.name === 'Orders Worker'))));
    assert.deepEqual(
      (await readdir(join(dir, 'grants'))).length,
      before.clientGrants.length,
      'one file per grant (the a0deploy client has none exported)',
    );

    await writeFile(workerFile, JSON.stringify({ ...worker, description: 'edited in its own file', allowed_clients: ['x'] }, null, 2));
    await run(['import', '-i', dir]);
    const expected = structuredClone(before);
    Object.assign(must(expected.clients.find((c) => c.name === 'Orders Worker')), {
      description: 'edited in its own file',
      allowed_clients: ['x'],
    });
    assert.deepEqual(await state(tenant, deploy), expected);
  });

  // One import for the edit and the deletion: a0deploy's imports are slow (above).
  it('roles: exported with their permissions; an import applies an edit, a new role and, with AUTH0_ALLOW_DELETE, a deletion', async () => {
    const api = 'https://rbac.example/api';
    await tenant.must('POST', '/resource-servers', {
      name: 'RBAC API',
      identifier: api,
      scopes: [{ value: 'read:docs' }, { value: 'write:docs' }],
    });
    const editors = await tenant.must<{ id: string }>('POST', '/roles', { name: 'editors', description: 'Edit docs' }, 200);
    const readers = await tenant.must<{ id: string }>('POST', '/roles', { name: 'readers', description: 'Read docs' }, 200);
    const permission = (permission_name: string) => ({ resource_server_identifier: api, permission_name });
    await tenant.must('POST', `/roles/${editors.id}/permissions`, { permissions: [permission('read:docs'), permission('write:docs')] });
    await tenant.must('POST', `/roles/${readers.id}/permissions`, { permissions: [permission('read:docs')] });
    const roles = { AUTH0_INCLUDED_ONLY: JSON.stringify(['roles']) };
    const out = join(tenant.dir, 'roles');
    await run(['export', '-f', 'yaml', '-o', out], roles);
    const file = join(out, 'tenant.yaml');
    const exported = parse(await readFile(file, 'utf8')) as { roles: Entity[] };
    assert.deepEqual(byName(exported.roles), {
      editors: {
        name: 'editors',
        description: 'Edit docs',
        type: 'tenant',
        permissions: [permission('read:docs'), permission('write:docs')],
      },
      readers: { name: 'readers', description: 'Read docs', type: 'tenant', permissions: [permission('read:docs')] },
    });

    // As exported, type included (a0deploy strips it on write).
    exported.roles = [
      { name: 'editors', description: 'Write docs', type: 'tenant', permissions: [permission('write:docs')] },
      { name: 'auditors', description: 'Audit docs', type: 'tenant', permissions: [permission('read:docs')] },
    ];
    await writeFile(file, stringify(exported));
    await run(['import', '-i', file], { ...roles, AUTH0_ALLOW_DELETE: 'true' });
    const listed = await tenant.must<{ id: string; name: string; description: string }[]>('GET', '/roles');
    const withPermissions = await Promise.all(
      listed.map(async ({ id, ...role }) => ({
        ...role,
        permissions: (await tenant.must<{ permission_name: string }[]>('GET', `/roles/${id}/permissions`)).map((p) => p.permission_name),
      })),
    );
    assert.deepEqual(withPermissions, [
      { name: 'auditors', description: 'Audit docs', type: 'tenant', permissions: ['read:docs'] },
      { name: 'editors', description: 'Write docs', type: 'tenant', permissions: ['write:docs'] },
    ]);
    assert.equal(listed.find((role) => role.name === 'editors')?.id, editors.id, 'the edit kept the role');
  });
});

// The clients seeded through the API, by name; each is expected back in the export as sent.
const SEEDED_CLIENTS = {
  'Orders Worker': { app_type: 'non_interactive', description: 'moves orders', client_metadata: { team: 'orders' } },
  Storefront: {
    app_type: 'regular_web',
    callbacks: ['https://shop.example/cb'],
    allowed_logout_urls: ['https://shop.example/bye'],
    web_origins: ['https://shop.example'],
    client_metadata: { tier: 'gold' },
    organization_usage: 'allow',
  },
  'Mobile App': { app_type: 'native', mobile: { ios: { team_id: 'TEAM1', app_bundle_identifier: 'com.shop.app' } } },
};

// What the seeded grants say about organizations (client credentials with an organization).
const ORGANIZATION_SETTINGS: Record<string, Entity> = {
  'Orders Worker': { organization_usage: 'require', allow_any_organization: false },
  Storefront: { organization_usage: 'allow', allow_any_organization: true },
};

async function seed(tenant: TlsTenant): Promise<void> {
  if (has('resourceServers'))
    await tenant.must('POST', '/resource-servers', {
      name: 'Orders API',
      identifier: ORDERS,
      scopes: [
        { value: 'read:orders', description: 'Read orders' },
        { value: 'write:orders', description: 'Write orders' },
      ],
    });
  const ids: Record<string, string> = {};
  for (const [name, body] of Object.entries(SEEDED_CLIENTS)) {
    ids[name] = (await tenant.must<{ client_id: string }>('POST', '/clients', { name, ...body })).client_id;
  }
  const grant = async (client: string, scope: string[]) =>
    (
      await tenant.must<{ id: string }>('POST', '/client-grants', {
        client_id: ids[client],
        audience: ORDERS,
        scope,
        ...ORGANIZATION_SETTINGS[client],
      })
    ).id;
  const workerGrant = await grant('Orders Worker', ['read:orders']);
  await grant('Storefront', ['read:orders', 'write:orders']);
  const mobileGrant = await grant('Mobile App', ['read:orders']);
  if (!has('connections')) return;
  const google = await tenant.must<{ id: string }>('POST', '/connections', { name: 'google', strategy: 'google-oauth2' });
  // a0deploy's databases schema defaults disable_self_service_change_password to false and writes it on
  // every import, so a database connection without it would change on the first re-import, against
  // Auth0 too. The tenant is seeded as a0deploy leaves it: its export is then a fixed point.
  const database = await tenant.must<{ id: string }>('POST', '/connections', {
    name: 'customers-db',
    strategy: 'auth0',
    options: { disable_self_service_change_password: false },
  });
  for (const connection of [google.id, database.id]) {
    await tenant.must('PATCH', `/connections/${connection}/clients`, [{ client_id: ids.Storefront, status: true }], 204);
  }
  const acme = await tenant.must<{ id: string }>('POST', '/organizations', { name: 'acme', display_name: 'Acme' });
  await tenant.must('POST', `/organizations/${acme.id}/enabled_connections`, {
    connection_id: database.id,
    assign_membership_on_login: false,
  });
  for (const grant_id of [workerGrant, mobileGrant]) await tenant.must('POST', `/organizations/${acme.id}/client-grants`, { grant_id });
  // The worker's default organization for client credentials: an organization id, which a0deploy passes through.
  await tenant.must('PATCH', `/clients/${ids['Orders Worker']}`, {
    default_organization: { organization_id: acme.id, flows: ['client_credentials'] },
  });
}

interface State {
  clients: Entity[];
  clientGrants: Entity[];
  resourceServers: Entity[];
  connections: Entity[];
  organizations: Entity[];
}

/** Everything the API holds for the included types (the a0deploy client's grant left out), sorted. */
async function state(tenant: TlsTenant, deploy: Deploy): Promise<State> {
  const list = (path: string) => tenant.must<Entity[]>('GET', path);
  const connections = has('connections') ? await list('/connections?per_page=100') : [];
  for (const connection of connections)
    connection.enabled_clients = await tenant.must('GET', `/connections/${String(connection.id)}/clients`);
  const organizations = has('organizations') ? await list('/organizations?per_page=100') : [];
  for (const organization of organizations) {
    organization.enabled_connections = await list(`/organizations/${String(organization.id)}/enabled_connections`);
    organization.client_grants = await list(`/organizations/${String(organization.id)}/client-grants`);
  }
  return sorted({
    // a0deploy exports its own client (and never writes it); its grants it neither exports nor writes.
    clients: await list('/clients?per_page=100'),
    clientGrants: (await list('/client-grants?per_page=100')).filter((g) => g.client_id !== deploy.id),
    resourceServers: has('resourceServers') ? await list('/resource-servers?per_page=100') : [],
    connections,
    organizations,
  });
}

function sorted(state: State): State {
  const key = (e: Entity) => JSON.stringify([e.name, e.client_id, e.audience]);
  return Object.fromEntries(
    Object.entries(state).map(([type, items]) => [type, [...(items as Entity[])].sort((a, b) => key(a).localeCompare(key(b)))]),
  ) as unknown as State;
}

/** A client as a0deploy writes it: no client_id (identifiers are not exported), no read-only fields (client_secret, global). */
/** A client as a0deploy writes it: without what it treats as read-only (its lib/readonly.js). */
function asExported({ client_id: _id, global: _global, client_secret: _secret, signing_keys: _keys, ...client }: Entity): Entity {
  return client;
}

function nameClient({ id: _id, ...grant }: Entity, clients: Entity[]): Entity {
  return { ...grant, client_id: clients.find((c) => c.client_id === grant.client_id)?.name ?? grant.client_id };
}

const byClient = (a: Entity, b: Entity): number => String(a.client_id).localeCompare(String(b.client_id));
const byName = (items: Entity[] = []): Record<string, Entity> => Object.fromEntries(items.map((item) => [String(item.name), item]));
const names = (items: Entity[] = []): string[] => items.map((item) => String(item.name)).sort();
const grantsByPair = (grants: Entity[] = []) =>
  Object.fromEntries(grants.map((g) => [`${String(g.client_id)} -> ${String(g.audience)}`, g]));
const pick = (entity: Entity | undefined, like: object): Entity => Object.fromEntries(Object.keys(like).map((key) => [key, entity?.[key]]));
