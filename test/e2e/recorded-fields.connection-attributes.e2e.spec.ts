import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConnectionsClient } from 'auth0/connections';
import { must } from '../support/must.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCOPES = 'create:connections read:connections update:connections';

const email = (extra: object = {}) => ({
  identifier: { active: true },
  profile_required: true,
  signup: { status: 'required' as const, verification: { active: false } },
  ...extra,
});
const username = { identifier: { active: true }, profile_required: true, signup: { status: 'required' as const } };

/** The checks Auth0 makes on a database connection's options.attributes, in its recorded words. */
describe("a database connection's attributes, checked as Auth0 checks them", () => {
  let t: TestApp;
  let auth: string;
  let connections: ConnectionsClient;
  before(async () => {
    t = await startTestApp();
    auth = await t.bearer(SCOPES);
    const baseUrl = await Sdk.listen(t);
    connections = new ConnectionsClient({ baseUrl, token: auth.slice('Bearer '.length), maxRetries: 0 });
  });
  after(() => t.close());

  const refusal = (message: string) => ({ statusCode: 400, error: 'Bad Request', message, errorCode: 'invalid_body' });
  const create = (name: string, options: object) =>
    t.api.post('/api/v2/connections').set('Authorization', auth).send({ name, strategy: 'auth0', options });

  it("refuses what Auth0 refused in go-auth0's recordings, with its messages", async () => {
    const cases: [object, string][] = [
      [{ requires_username: true, attributes: { email: email() } }, 'Cannot set both options.attributes and options.requires_username'],
      [
        { validation: { username: { max: 5, min: 1 } }, attributes: { email: email(), username } },
        'Cannot set both options.attributes and options.validation',
      ],
      [
        { attributes: { email: email({ identifier: { active: false } }), username: { ...username, identifier: { active: false } } } },
        'attributes must contain one active identifier',
      ],
      [{ attributes: {} }, 'attributes must contain one active identifier'],
      [
        { attributes: { phone_number: { identifier: { active: true }, profile_required: true, signup: { status: 'inactive' } } } },
        'attribute phone_number must also be required on signup',
      ],
      [{ attributes: { email: email({ unique: false }) } }, 'attribute email cannot be an active identifier when it is not unique'],
    ];
    for (const [i, [options, message]] of cases.entries()) {
      const res = await create(`refused-${i}`, options);
      assert.deepEqual([res.status, res.body], [400, refusal(message)], JSON.stringify(options));
    }
    assert.equal(await t.prisma.connection.count({ where: { name: { startsWith: 'refused-' } } }), 0);
  });

  it('accepts what Auth0 accepted, through the SDK, and checks an update of the options the same way', async () => {
    // requires_username: false beside attributes, as Terraform sends it (its recordings: Auth0 took it).
    const created = await connections.create({
      name: 'email-identifier',
      strategy: 'auth0',
      options: {
        requires_username: false,
        precedence: ['username', 'email', 'phone_number'],
        attributes: { email: email({ verification_method: 'otp' }) },
      },
    });
    const id = must(created.id);
    assert.deepEqual(created.options?.attributes, { email: email({ verification_method: 'otp' }) });
    assert.equal(created.options.requires_username, false);
    const res = await t.api
      .patch(`/api/v2/connections/${id}`)
      .set('Authorization', auth)
      .send({ options: { attributes: { email: email({ identifier: { active: false } }) } } });
    assert.deepEqual(res.body, refusal('attributes must contain one active identifier'));
    // Other strategies' options are not theirs to check.
    const google = await t.api
      .post('/api/v2/connections')
      .set('Authorization', auth)
      .send({ name: 'google-attrs', strategy: 'google-oauth2', options: { attributes: {}, requires_username: true } });
    assert.equal(google.status, 201, google.text);
  });

  it('a non-unique email is set on create only: a PATCH may not add it, nor drop it', async () => {
    const unique = must(
      (await connections.create({ name: 'unique-email', strategy: 'auth0', options: { attributes: { email: email(), username } } })).id,
    );
    const patch = (id: string, options: object) => t.api.patch(`/api/v2/connections/${id}`).set('Authorization', auth).send({ options });
    const nonUnique = { attributes: { email: email({ unique: false, identifier: { active: false } }), username } };
    assert.deepEqual((await patch(unique, nonUnique)).body, refusal('cannot patch unique property on email attribute'));

    const created = await create('non-unique-email', nonUnique);
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    // Options without `unique` read as unique: refused on a non-unique connection; kept as false, accepted.
    assert.deepEqual((await patch(id, { attributes: { username } })).body, refusal('cannot patch unique property on email attribute'));
    assert.equal((await patch(id, { ...nonUnique, precedence: ['username', 'email'] })).status, 200);
  });
});
