import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Errors, expectError } from '../support/responses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPE = 'update:token_exchange_profiles';
const NAME_DESC = 'Friendly name of this profile';
const STT_DESC = 'Type of the subject token. Must be unique per tenant and start with https:// or urn:';

describe('PATCH /api/v2/token-exchange-profiles/:id', () => {
  let t: TestApp;
  let auth: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(SCOPE);
  });
  after(() => t.close());

  const patch = (id: string) => t.api.patch(`/api/v2/token-exchange-profiles/${id}`);

  it('200 with the full updated profile, updated_at advanced', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const res = await patch(profile.id)
      .set('Authorization', auth)
      .send({ name: 'Renamed profile', subject_token_type: 'urn:acme:legacy-token' });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['action_id', 'created_at', 'id', 'name', 'subject_token_type', 'type', 'updated_at']);
    assert.equal(res.body.id, profile.id);
    assert.equal(res.body.name, 'Renamed profile');
    assert.equal(res.body.subject_token_type, 'urn:acme:legacy-token');
    assert.equal(res.body.action_id, profile.action_id);
    assert.equal(res.body.type, 'custom_authentication');
    assert.equal(res.body.created_at, profile.created_at.toISOString());
    assert.ok(new Date(res.body.updated_at) > profile.updated_at);
    const stored = await t.prisma.tokenExchangeProfile.findUniqueOrThrow({ where: { id: profile.id } });
    assert.equal(stored.subject_token_type, 'urn:acme:legacy-token');
  });

  it('changes only the given property', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const res = await patch(profile.id).set('Authorization', auth).send({ name: 'Only the name' });
    assert.equal(res.status, 200);
    assert.equal(res.body.subject_token_type, profile.subject_token_type);
  });

  it('accepts a form-urlencoded body', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const res = await patch(profile.id).set('Authorization', auth).type('form').send({ subject_token_type: 'https://acme.example/token' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.subject_token_type, 'https://acme.example/token');
  });

  it('404 for an unknown id', async () => {
    Errors.profileNotFound(await patch('tep_doesNotExist0001').set('Authorization', auth).send({ name: 'whatever' }));
  });

  it('409 when another profile has the subject_token_type, and nothing changes', async () => {
    const [a, b] = [await t.factories.tokenExchangeProfile(), await t.factories.tokenExchangeProfile()];
    const res = await patch(b.id).set('Authorization', auth).send({ name: 'new name', subject_token_type: a.subject_token_type });
    expectError(res, 409, 'token_exchange_profile_conflict', 'Token exchange profile with the same subject_token_type already exists');
    const stored = await t.prisma.tokenExchangeProfile.findUniqueOrThrow({ where: { id: b.id } });
    assert.equal(stored.name, b.name);
  });

  it('setting a profile to its own subject_token_type is not a conflict', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const res = await patch(profile.id).set('Authorization', auth).send({ subject_token_type: profile.subject_token_type });
    assert.equal(res.status, 200);
  });

  it('two concurrent PATCHes racing for one subject_token_type: exactly one 200, one 409', async () => {
    const [a, b] = [await t.factories.tokenExchangeProfile(), await t.factories.tokenExchangeProfile()];
    const wanted = `urn:race:${Date.now()}`;
    const results = await Promise.all([a, b].map((p) => patch(p.id).set('Authorization', auth).send({ subject_token_type: wanted })));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
    assert.equal(await t.prisma.tokenExchangeProfile.count({ where: { subject_token_type: wanted } }), 1);
  });

  describe('400 invalid_body', () => {
    const cases: [string, unknown, string][] = [
      [
        'a name too short',
        { name: 'ab' },
        `Payload validation error: 'String is too short (2 chars), minimum 3' on property name (${NAME_DESC}).`,
      ],
      [
        'a name too long',
        { name: 'n'.repeat(51) },
        `Payload validation error: 'String is too long (51 chars), maximum 50' on property name (${NAME_DESC}).`,
      ],
      [
        'a name that is not a string',
        { name: 42 },
        `Payload validation error: 'Expected type string but found type integer' on property name (${NAME_DESC}).`,
      ],
      [
        'a null name',
        { name: null },
        `Payload validation error: 'Expected type string but found type null' on property name (${NAME_DESC}).`,
      ],
      [
        'a subject_token_type too short',
        { subject_token_type: 'urn:a' },
        `Payload validation error: 'String is too short (5 chars), minimum 8' on property subject_token_type (${STT_DESC}).`,
      ],
      [
        'a subject_token_type too long',
        { subject_token_type: `urn:${'x'.repeat(97)}` },
        `Payload validation error: 'String is too long (101 chars), maximum 100' on property subject_token_type (${STT_DESC}).`,
      ],
      [
        'a subject_token_type that is not a URI',
        { subject_token_type: 'not a uri at all' },
        `Payload validation error: 'Object didn't pass validation for format uri: not a uri at all' on property subject_token_type (${STT_DESC}).`,
      ],
      [
        'a plain http subject_token_type',
        { subject_token_type: 'http://acme.example/t' },
        `Payload validation error: 'String must start with https:// or urn: (http://acme.example/t)' on property subject_token_type (${STT_DESC}).`,
      ],
      ['an unknown property', { name: 'fine name', foo: 1 }, `Payload validation error: 'Additional properties not allowed: foo'.`],
      ['an empty body', {}, `Payload validation error: 'Too few properties defined (0), minimum 1'.`],
      ['an array body', [{ name: 'abc' }], `Payload validation error: 'Expected type object but found type array'.`],
    ];
    for (const [what, body, message] of cases) {
      it(`for ${what}`, async () => {
        const profile = await t.factories.tokenExchangeProfile();
        Errors.invalidBody(
          await patch(profile.id)
            .set('Authorization', auth)
            .send(body as object),
          message,
        );
        const stored = await t.prisma.tokenExchangeProfile.findUniqueOrThrow({ where: { id: profile.id } });
        assert.deepEqual(stored, profile);
      });
    }

    for (const prefix of [
      'https://auth0.com',
      'HTTPS://Okta.com',
      'urn:ietf',
      'urn:auth0',
      'urn:okta',
      'http://auth0.com',
      'http://okta.com',
    ]) {
      it(`for the reserved prefix ${prefix}`, async () => {
        const profile = await t.factories.tokenExchangeProfile();
        const value = `${prefix}:token-type`;
        const res = await patch(profile.id).set('Authorization', auth).send({ subject_token_type: value });
        const expected = prefix.toLowerCase().startsWith('http://')
          ? `String must start with https:// or urn: (${value})`
          : `The prefix ${prefix.toLowerCase()} is reserved (${value})`;
        Errors.invalidBody(res, `Payload validation error: '${expected}' on property subject_token_type (${STT_DESC}).`);
      });
    }

    it('for malformed JSON', async () => {
      const res = await patch('tep_x').set('Authorization', auth).set('Content-Type', 'application/json').send('{"name": ');
      Errors.invalidBody(res, 'Invalid JSON body.');
    });
  });

  it('413 for a body over 10 kB', async () => {
    const res = await patch('tep_x')
      .set('Authorization', auth)
      .send({ name: 'x'.repeat(11 * 1024) });
    expectError(res, 413, 'payload_too_large', 'Request body exceeds 10kb.');
  });

  it('403 without update:token_exchange_profiles', async () => {
    const res = await patch('tep_x')
      .set('Authorization', await t.bearer('read:token_exchange_profiles'))
      .send({ name: 'abc' });
    Errors.insufficientScope(res, SCOPE);
  });

  it('401 for bad and expired tokens', async () => {
    Errors.missingAuth(await patch('tep_x').send({ name: 'abc' }));
    Errors.invalidToken(await patch('tep_x').set('Authorization', 'Bearer not.a.jwt').send({ name: 'abc' }));
    Errors.expired(
      await patch('tep_x')
        .set('Authorization', `Bearer ${await t.tokens.sign({ scope: SCOPE, expiresIn: -5 })}`)
        .send({ name: 'abc' }),
    );
    Errors.badSignature(
      await patch('tep_x')
        .set('Authorization', `Bearer ${await t.tokens.sign({ scope: SCOPE, foreignKey: true })}`)
        .send({ name: 'abc' }),
    );
  });
});
