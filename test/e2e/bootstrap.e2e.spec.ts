import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ALL_SCOPES } from '../../src/auth/scopes.catalog.js';
import { must } from '../support/must.js';
import { captureLogLines } from '../support/capture-stdout.js';
import { decodeJwt, requestToken } from '../support/issuer.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';
import { AUDIENCE, ISSUER, startTestApp, type TestApp } from '../support/test-app.js';

const FIXED = { BOOTSTRAP_CLIENT_ID: 'ci-bootstrap-admin', BOOTSTRAP_CLIENT_SECRET: 'ci-secret-0123456789-0123456789-0123456789' };

describe('bootstrap admin client', () => {
  const apps: TestApp[] = [];
  const extraDatabases: string[] = [];
  after(async () => {
    for (const app of apps.reverse()) await app.close();
    for (const url of extraDatabases) await dropTestDatabase(url);
  });
  const start = async (...args: Parameters<typeof startTestApp>) => {
    const app = await startTestApp(...args);
    apps.push(app);
    return app;
  };

  it('an empty tenant gets an admin with every catalog scope, written to DATA_DIR/admin-client.json (0600)', async () => {
    const t = await start({ BOOTSTRAP_CLIENT_ID: '', BOOTSTRAP_CLIENT_SECRET: '' });
    const file = join(t.dataDir, 'admin-client.json');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    const credentials = JSON.parse(await readFile(file, 'utf8'));
    assert.deepEqual(Object.keys(credentials).sort(), ['audience', 'client_id', 'client_secret', 'token_url']);
    assert.deepEqual([credentials.audience, credentials.token_url], [AUDIENCE, `${ISSUER}oauth/token`]);
    const grant = await t.prisma.clientGrant.findFirstOrThrow({ where: { client_id: credentials.client_id } });
    assert.deepEqual([grant.audience, grant.scope], [AUDIENCE, [...ALL_SCOPES]]);
    const res = await requestToken(t, { client_id: credentials.client_id, client_secret: credentials.client_secret });
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt(res.body.access_token).claims.scope, ALL_SCOPES.join(' '));
    const orgs = await t.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', `Bearer ${res.body.access_token}`);
    assert.equal(orgs.status, 204);
  });

  it('BOOTSTRAP_CLIENT_ID/SECRET make the admin deterministic; a restart on the same database makes no other', async () => {
    const t = await start(FIXED);
    const res = await requestToken(t, { client_id: FIXED.BOOTSTRAP_CLIENT_ID, client_secret: FIXED.BOOTSTRAP_CLIENT_SECRET });
    assert.equal(res.status, 200, res.text);
    const credentials = JSON.parse(await readFile(join(t.dataDir, 'admin-client.json'), 'utf8'));
    assert.deepEqual([credentials.client_id, credentials.client_secret], [FIXED.BOOTSTRAP_CLIENT_ID, FIXED.BOOTSTRAP_CLIENT_SECRET]);
    const again = await start({ BOOTSTRAP_CLIENT_ID: '', BOOTSTRAP_CLIENT_SECRET: '' }, { databaseUrl: t.databaseUrl });
    assert.equal(existsSync(join(again.dataDir, 'admin-client.json')), false);
    assert.deepEqual(
      (await t.prisma.client.findMany()).map((c) => c.client_id),
      [FIXED.BOOTSTRAP_CLIENT_ID],
    );
  });

  it('two instances booting together on an empty tenant make one admin and one current signing key', async () => {
    const databaseUrl = await createTestDatabase();
    extraDatabases.push(databaseUrl);
    const [a, b] = await Promise.all([start({}, { databaseUrl }), start({}, { databaseUrl })]);
    assert.equal(await a.prisma.client.count(), 1);
    assert.equal(await a.prisma.clientGrant.count(), 1);
    assert.equal(await a.prisma.signingKey.count(), 1);
    const files = [a, b].filter((app) => existsSync(join(app.dataDir, 'admin-client.json')));
    assert.equal(files.length, 1);
    // Both instances sign with the one key, so a token from either verifies on the other.
    const { client_id, client_secret } = JSON.parse(await readFile(join(files[0].dataDir, 'admin-client.json'), 'utf8'));
    const token = (await requestToken(a, { client_id, client_secret })).body.access_token;
    assert.equal((await b.api.delete('/api/v2/token-exchange-profiles/tep_x').set('Authorization', `Bearer ${token}`)).status, 204);
  });

  it('a secret the operator supplied (BOOTSTRAP_CLIENT_SECRET) never reaches the log; the log names the file instead', async () => {
    const supplied = { BOOTSTRAP_CLIENT_ID: 'ci-quiet-admin', BOOTSTRAP_CLIENT_SECRET: 'ci-quiet-secret-0123456789-0123456789' };
    let t: TestApp | undefined;
    const lines = await captureLogLines(async () => void (t = await start({ ...supplied, LOG_LEVEL: 'info' })));
    assert.equal(lines.filter((line) => JSON.stringify(line).includes(supplied.BOOTSTRAP_CLIENT_SECRET)).length, 0);
    const file = join(must(t, 'the started app').dataDir, 'admin-client.json');
    const announced = lines
      .filter((line) => String(line.msg).startsWith('created the bootstrap admin client'))
      .map(({ time: _time, ...line }) => line);
    assert.deepEqual(announced, [
      {
        level: 'warn',
        msg: `created the bootstrap admin client with the secret from BOOTSTRAP_CLIENT_SECRET; credentials kept in ${file}`,
        client_id: supplied.BOOTSTRAP_CLIENT_ID,
        audience: AUDIENCE,
        token_url: `${ISSUER}oauth/token`,
      },
    ]);
  });

  it('a generated secret is shown once in the log, with the file that keeps it', async () => {
    let t: TestApp | undefined;
    const lines = await captureLogLines(
      async () => void (t = await start({ BOOTSTRAP_CLIENT_ID: '', BOOTSTRAP_CLIENT_SECRET: '', LOG_LEVEL: 'warn' })),
    );
    const file = join(must(t, 'the started app').dataDir, 'admin-client.json');
    const credentials = JSON.parse(await readFile(file, 'utf8'));
    const announced = lines
      .filter((line) => String(line.msg).startsWith('created the bootstrap admin client'))
      .map(({ time: _time, ...line }) => line);
    assert.deepEqual(announced, [
      { level: 'warn', msg: `created the bootstrap admin client; its secret is shown once here and kept in ${file}`, ...credentials },
    ]);
  });
});
