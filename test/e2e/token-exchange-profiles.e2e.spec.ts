import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { ActionFactories } from '../support/action-factories.js';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const CREATE = 'create:token_exchange_profiles';
const READ = 'read:token_exchange_profiles';
const NAME_DESC = 'Friendly name of this profile';
const STT_DESC = 'Type of the subject token. Must be unique per tenant and start with https:// or urn:';
const ACTION_DESC =
  'The ID of the Custom Token Exchange action to execute for this profile, in order to validate the subject_token. The action must use the custom-token-exchange trigger.';
const TYPE_DESC = 'The type of the profile, which controls how the profile will be executed when receiving a token exchange request.';
const limitBody = [403, 'too_many_entities', 'You reached the limit of entities of this type for this tenant.'] as const;

describe('token exchange profiles: create, list, get', () => {
  let t: TestApp;
  let auth: string;
  let actions: ActionFactories;
  let actionId: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(`${CREATE} ${READ}`);
    actions = new ActionFactories(t.prisma);
    actionId = (await actions.deployed()).action.id;
  });
  after(() => t.close());

  const rnd = () => Math.random().toString(36).slice(2, 10);
  const valid = () => ({
    name: 'My profile',
    subject_token_type: `urn:acme:${rnd()}`,
    action_id: actionId,
    type: 'custom_authentication',
  });
  const create = (body: object) => t.api.post('/api/v2/token-exchange-profiles').set('Authorization', auth).send(body);
  const list = (query = '') => t.api.get(`/api/v2/token-exchange-profiles?${query}`).set('Authorization', auth);

  describe('POST /token-exchange-profiles', () => {
    it('201 with the full profile', async () => {
      const body = valid();
      const res = await create(body);
      assert.equal(res.status, 201);
      assert.match(res.body.id, /^tep_[A-Za-z0-9]{16}$/);
      const stored = await t.prisma.tokenExchangeProfile.findUniqueOrThrow({ where: { id: res.body.id } });
      assert.deepEqual(res.body, {
        id: res.body.id,
        ...body,
        created_at: stored.created_at.toISOString(),
        updated_at: stored.updated_at.toISOString(),
      });
    });

    it('accepts a form body', async () => {
      const body = valid();
      const res = await t.api.post('/api/v2/token-exchange-profiles').set('Authorization', auth).type('form').send(body);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.subject_token_type, body.subject_token_type);
    });

    it('refuses an action that does not exist, lacks the custom-token-exchange trigger, or is not deployed', async () => {
      expectError(await create({ ...valid(), action_id: 'no-such-action' }), 404, 'action_not_found', 'The action does not exist.');
      const postLogin = await actions.deployed({ supported_triggers: [{ id: 'post-login', version: 'v3' }] });
      expectError(
        await create({ ...valid(), action_id: postLogin.action.id }),
        400,
        'invalid_action_trigger',
        'The action must support the custom-token-exchange trigger.',
      );
      const draft = await actions.action();
      expectError(
        await create({ ...valid(), action_id: draft.id }),
        400,
        'action_not_deployed',
        'The action must be deployed before it can be bound to a token exchange profile.',
      );
      assert.equal(
        await t.prisma.tokenExchangeProfile.count({ where: { action_id: { in: ['no-such-action', postLogin.action.id, draft.id] } } }),
        0,
      );
    });

    it('409 for a subject_token_type already used', async () => {
      const existing = await t.factories.tokenExchangeProfile();
      const res = await create({ ...valid(), subject_token_type: existing.subject_token_type });
      expectError(res, 409, 'token_exchange_profile_conflict', 'Token exchange profile with the same subject_token_type already exists');
    });

    const invalid: [string, object, string][] = [
      [
        'a missing name',
        { subject_token_type: 'urn:acme:x', action_id: 'a', type: 'custom_authentication' },
        `Payload validation error: 'Missing required property: name'.`,
      ],
      [
        'a name too short',
        { ...{ name: 'ab' }, subject_token_type: 'urn:acme:x', action_id: 'a', type: 'custom_authentication' },
        `Payload validation error: 'String is too short (2 chars), minimum 3' on property name (${NAME_DESC}).`,
      ],
      [
        'a reserved subject_token_type',
        { name: 'abc', subject_token_type: 'urn:ietf:params:oauth', action_id: 'a', type: 'custom_authentication' },
        `Payload validation error: 'The prefix urn:ietf is reserved (urn:ietf:params:oauth)' on property subject_token_type (${STT_DESC}).`,
      ],
      [
        'an action_id too long',
        { name: 'abc', subject_token_type: 'urn:acme:x', action_id: 'a'.repeat(37), type: 'custom_authentication' },
        `Payload validation error: 'String is too long (37 chars), maximum 36' on property action_id (${ACTION_DESC}).`,
      ],
      [
        'an empty action_id',
        { name: 'abc', subject_token_type: 'urn:acme:x', action_id: '', type: 'custom_authentication' },
        `Payload validation error: 'String is too short (0 chars), minimum 1' on property action_id (${ACTION_DESC}).`,
      ],
      [
        'another type',
        { name: 'abc', subject_token_type: 'urn:acme:x', action_id: 'a', type: 'other' },
        `Payload validation error: 'No enum match for: "other"' on property type (${TYPE_DESC}).`,
      ],
      [
        'a missing type',
        { name: 'abc', subject_token_type: 'urn:acme:x', action_id: 'a' },
        `Payload validation error: 'Missing required property: type'.`,
      ],
      [
        'an unknown property',
        { ...{ name: 'abc', subject_token_type: 'urn:acme:x', action_id: 'a', type: 'custom_authentication' }, id: 'tep_mine' },
        `Payload validation error: 'Additional properties not allowed: id'.`,
      ],
    ];
    for (const [what, body, message] of invalid) {
      it(`400 for ${what}`, async () => Errors.invalidBody(await create(body), message));
    }

    it('403 without create:token_exchange_profiles; 401 with a bad signature', async () => {
      Errors.insufficientScope(
        await t.api
          .post('/api/v2/token-exchange-profiles')
          .set('Authorization', await t.bearer(READ))
          .send(valid()),
        CREATE,
      );
      const bad = `Bearer ${await t.tokens.sign({ scope: CREATE, foreignKey: true })}`;
      Errors.badSignature(await t.api.post('/api/v2/token-exchange-profiles').set('Authorization', bad).send(valid()));
    });
  });

  describe('GET /token-exchange-profiles/{id}', () => {
    it('200 with the profile', async () => {
      const profile = await t.factories.tokenExchangeProfile();
      const res = await t.api.get(`/api/v2/token-exchange-profiles/${profile.id}`).set('Authorization', auth);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        id: profile.id,
        name: profile.name,
        subject_token_type: profile.subject_token_type,
        action_id: profile.action_id,
        type: 'custom_authentication',
        created_at: profile.created_at.toISOString(),
        updated_at: profile.updated_at.toISOString(),
      });
    });

    it('404 for an unknown id', async () => {
      Errors.profileNotFound(await t.api.get('/api/v2/token-exchange-profiles/tep_doesNotExist0000').set('Authorization', auth));
    });

    it('403 without read:token_exchange_profiles', async () => {
      Errors.insufficientScope(await t.api.get('/api/v2/token-exchange-profiles/tep_x').set('Authorization', await t.bearer(CREATE)), READ);
    });
  });

  describe('GET /token-exchange-profiles (checkpoint pagination)', () => {
    it('{token_exchange_profiles, next}; walking by next sees every profile once, next omitted on the last page', async () => {
      await t.factories.tokenExchangeProfiles(23);
      const all = (await t.prisma.tokenExchangeProfile.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((p) => p.id);
      const seen: string[] = [];
      let next: string | undefined;
      let last: Record<string, unknown>;
      do {
        const res = await list(`take=10${next ? `&from=${next}` : ''}`);
        assert.equal(res.status, 200);
        seen.push(...res.body.token_exchange_profiles.map((p: { id: string }) => p.id));
        next = res.body.next;
        last = res.body;
      } while (next !== undefined);
      assert.deepEqual(seen, all);
      assert.deepEqual(Object.keys(last), ['token_exchange_profiles']);
    });

    it('without parameters: the first 50 and a next', async () => {
      const res = await list();
      assert.equal(res.status, 200);
      const total = await t.prisma.tokenExchangeProfile.count();
      assert.equal(res.body.token_exchange_profiles.length, Math.min(total, 50));
      assert.equal(res.body.next === undefined, total <= 50);
    });

    it('400 for offset parameters, a bad take, or a bad from', async () => {
      Errors.invalidQuery(await list('page=1'), `Query validation error: 'Additional properties not allowed: page'.`);
      Errors.invalidQuery(
        await list('take=101'),
        `Query validation error: 'Value 101 is greater than maximum 100' on property take (Number of results per page. Defaults to 50.).`,
      );
      Errors.invalidQuery(
        await list('from=*'),
        `Query validation error: 'Invalid checkpoint' on property from (Optional Id from which to start selection.).`,
      );
    });

    it('403 without read:token_exchange_profiles; 401 without a token', async () => {
      Errors.insufficientScope(await t.api.get('/api/v2/token-exchange-profiles').set('Authorization', await t.bearer(CREATE)), READ);
      Errors.missingAuth(await t.api.get('/api/v2/token-exchange-profiles'));
    });
  });

  // Last, as it fills the tenant up to the limit.
  describe('the per-tenant limit of 100', () => {
    it('403 past 100 profiles; concurrent creates at 99 yield exactly one 201', async () => {
      await t.factories.tokenExchangeProfiles(99 - (await t.prisma.tokenExchangeProfile.count()));
      // Holding a SHARE lock lets every request count 99 and then wait at its INSERT, so only
      // the service's own serialization can keep them from all succeeding together.
      const blocker = new pg.Client({ connectionString: t.databaseUrl });
      await blocker.connect();
      await blocker.query('BEGIN; LOCK TABLE token_exchange_profiles IN SHARE MODE');
      const pending = Promise.all(Array.from({ length: 8 }, () => create(valid())));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await blocker.query('COMMIT');
      await blocker.end();
      const results = await pending;
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 403, 403, 403, 403, 403, 403, 403]);
      for (const res of results.filter((r) => r.status === 403)) expectError(res, ...limitBody);
      assert.equal(await t.prisma.tokenExchangeProfile.count(), 100);
      expectError(await create(valid()), ...limitBody);
    });
  });
});
