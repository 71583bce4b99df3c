import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { captureLogLines } from '../support/capture-stdout.js';
import { Sdk } from '../support/sdk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { UserFactories, userSdks } from '../support/user-factories.js';

// Distinctive, so a match anywhere can only be a leak.
const PASSWORD = 'Leak-Canary-7e1f9c';
const WEAK = 'leakcanaryweak';

describe('a password never leaves the service', () => {
  let t: TestApp;
  let baseUrl: string;
  before(async () => {
    t = await startTestApp({ LOG_LEVEL: 'debug' });
    baseUrl = await Sdk.listen(t);
  });
  after(() => t.close());

  it('is in no response and no log line, on success or refusal, through SDK v7 and v6', async () => {
    const f = new UserFactories(t.prisma);
    const db = await f.connection({ options: { passwordPolicy: 'good' } });
    const sdk = userSdks(baseUrl, (await t.bearer('create:users read:users update:users')).slice('Bearer '.length));
    const bodies: unknown[] = [];
    const keep = (value: unknown) => bodies.push(value);
    const refused = (error: unknown) => bodies.push((error as { body?: unknown }).body);
    const lines = await captureLogLines(async () => {
      const created = await sdk.users.create({ connection: db.name, email: 'canary@example.com', password: PASSWORD });
      keep(created);
      await sdk.usersV6.create({ connection: db.name, email: 'canary2@example.com', password: WEAK }).then(keep, refused);
      await sdk.users.create({ connection: db.name, email: 'canary@example.com', password: PASSWORD }).then(keep, refused);
      await sdk.users.create({ connection: 'missing', email: 'canary3@example.com', password: PASSWORD }).then(keep, refused);
      const id = String(created.user_id);
      keep(await sdk.usersV6.update(id, { password: `${PASSWORD}-2` }));
      await sdk.users.update(id, { password: WEAK }).then(keep, refused);
      keep(await sdk.users.get(id));
      keep(await sdk.users.listUsersByEmail({ email: 'canary@example.com' }));
      keep((await sdk.users.list({ q: 'email:"canary@example.com"' })).data);
    });
    // The request log is on: the test would prove nothing if nothing were written.
    assert.ok(
      lines.filter((line) => typeof line.path === 'string' && line.path.startsWith('/api/v2/users')).length >= 9,
      JSON.stringify(lines),
    );
    assert.equal(bodies.length, 9);
    for (const text of [JSON.stringify(bodies), JSON.stringify(lines)]) {
      assert.ok(!text.includes(PASSWORD) && !text.includes(WEAK) && !text.includes('password_hash') && !text.includes('scrypt$'), text);
    }
  });
});
