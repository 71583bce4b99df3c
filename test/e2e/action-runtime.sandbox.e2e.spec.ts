import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, SignJWT } from 'jose';
import { deployAction, exchangeEvent, runAction } from '../support/action-runtime.js';
import { rsaKeyPair } from '../support/key-pairs.js';
import { PROJECT_ROOT } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const CANARY = `canary-${randomBytes(8).toString('hex')}`;
const KEY_SECRET = `key-secret-${randomBytes(8).toString('hex')}`;

// Every way out we could think of; each probe records what it got, or the error that stopped it.
const ESCAPES = `
exports.onExecuteCustomTokenExchange = async (event, api) => {
  const found = {};
  const probe = (name, fn) => { try { found[name] = fn(); } catch (e) { found[name] = 'denied:' + ((e && (e.code || e.name)) || 'unknown'); } };
  probe('process', () => typeof process);
  probe('Buffer', () => typeof Buffer);
  probe('require', () => typeof require);
  probe('fs', () => typeof require('fs'));
  probe('node:fs', () => typeof require('node:fs'));
  probe('child_process', () => typeof require('child_process'));
  probe('this', () => typeof this.constructor.constructor('return process')());
  probe('globalThis', () => typeof globalThis.constructor.constructor('return process')());
  // Objects of the process's own realm (api, jose) do lead to its process object: what is left to take there?
  probe('api', () => JSON.stringify(api.constructor.constructor('return process')().env));
  const host = require('jose').errors.JOSEError.constructor('return process')();
  const builtin = (name) => host.getBuiltinModule(name);
  probe('host.env', () => JSON.stringify(host.env));
  probe('selfEnviron', () => builtin('fs').readFileSync('/proc/self/environ', 'utf8'));
  probe('parentEnviron', () => builtin('fs').readFileSync('/proc/' + host.ppid + '/environ', 'utf8'));
  probe('parentCmdline', () => builtin('fs').readFileSync('/proc/' + host.ppid + '/cmdline', 'utf8'));
  probe('serviceFile', () => builtin('fs').readFileSync(${JSON.stringify(`${PROJECT_ROOT}/dist/src/config/app-config.js`)}, 'utf8').length);
  probe('passwd', () => builtin('fs').readFileSync('/etc/passwd', 'utf8').length);
  probe('write', () => builtin('fs').writeFileSync('/tmp/action-was-here', 'x'));
  probe('exec', () => builtin('child_process').execSync('env').toString());
  probe('worker', () => { new (builtin('worker_threads').Worker)('1', { eval: true }); return 'started'; });
  probe('addon', () => host.dlopen({ exports: {} }, '/nonexistent.node'));
  api.user.setAppMetadata('found', found);
};`;

describe('action runtime: the sandbox', () => {
  let t: TestApp;
  let jwks: Server;
  let jwksUrl: string;
  let hang: Server;
  let hangUrl: string;
  let signer: (sub: string, issuer?: string) => Promise<string>;

  before(async () => {
    // A secret of the service's own environment that no action may see.
    process.env.ACTION_CANARY = CANARY;
    t = await startTestApp({ KEY_ENCRYPTION_SECRET: KEY_SECRET, ACTIONS_TIMEOUT_MS: '2000' });
    const { publicKey, privateKey } = rsaKeyPair();
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    // Answers nothing, ever: only the action's fetch timeout ends the request.
    hang = createServer(() => undefined);
    for (const server of [jwks, hang]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
    hangUrl = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/`;
    signer = (sub, issuer = 'https://idp.example/') =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience('cte')
        .setExpirationTime('5m')
        .sign(privateKey);
  });
  after(async () => {
    delete process.env.ACTION_CANARY;
    delete process.env.KEY_ENCRYPTION_SECRET;
    hang.closeAllConnections();
    await Promise.all([t.close(), ...[jwks, hang].map((s) => new Promise((resolve) => s.close(resolve)))]);
  });

  it("cannot reach the service's environment, files, database credentials, child processes or workers", async () => {
    const id = await deployAction(t, ESCAPES);
    const result = await runAction(t, id);
    assert.deepEqual(result.outcome, { ok: true });
    const found = (result.commands[0] as { value: Record<string, unknown> }).value;
    assert.deepEqual(found, {
      process: 'undefined',
      Buffer: 'undefined',
      require: 'function',
      fs: 'denied:Error',
      'node:fs': 'denied:Error',
      child_process: 'denied:Error',
      this: 'denied:ReferenceError',
      globalThis: 'denied:ReferenceError',
      api: '{}',
      'host.env': '{}',
      selfEnviron: 'denied:ERR_ACCESS_DENIED',
      parentEnviron: 'denied:ERR_ACCESS_DENIED',
      parentCmdline: 'denied:ERR_ACCESS_DENIED',
      serviceFile: 'denied:ERR_ACCESS_DENIED',
      passwd: 'denied:ERR_ACCESS_DENIED',
      write: 'denied:ERR_ACCESS_DENIED',
      exec: 'denied:ERR_ACCESS_DENIED',
      worker: 'denied:ERR_ACCESS_DENIED',
      addon: 'denied:ERR_DLOPEN_DISABLED',
    });
    const everything =
      JSON.stringify(result) + JSON.stringify(await t.prisma.actionExecution.findUniqueOrThrow({ where: { id: result.executionId } }));
    for (const secret of [CANARY, KEY_SECRET, t.databaseUrl]) assert.ok(!everything.includes(secret), `leaked ${secret}`);
  });

  it('gets the deployed secrets decrypted in event.secrets, and a frozen event', async () => {
    const auth = await t.bearer('create:actions');
    const created = await t.api
      .post('/api/v2/actions/actions')
      .set('Authorization', auth)
      .send({
        name: `secrets-${randomBytes(4).toString('hex')}`,
        supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
        code: `exports.onExecuteCustomTokenExchange = async (event, api) => {
          'use strict';
          let mutated = 'no';
          try { event.transaction.subject_token = 'changed'; mutated = 'yes'; } catch (e) { mutated = e.name; }
          api.user.setAppMetadata('seen', { secret: event.secrets.API_KEY, mutated, token: event.transaction.subject_token, frozen: Object.isFrozen(event.client.metadata) });
        };`,
        secrets: [{ name: 'API_KEY', value: 'the-api-key' }],
      });
    assert.equal(created.status, 201, created.text);
    const stored = await t.prisma.action.findUniqueOrThrow({ where: { id: created.body.id } });
    assert.ok(!JSON.stringify(stored.secrets).includes('the-api-key'), 'sealed at rest');
    assert.equal((await t.api.post(`/api/v2/actions/actions/${created.body.id}/deploy`).set('Authorization', auth)).status, 200);
    const result = await runAction(t, created.body.id, exchangeEvent({ subject_token: 'original' }));
    assert.deepEqual(result.commands, [
      { op: 'user.setAppMetadata', key: 'seen', value: { secret: 'the-api-key', mutated: 'TypeError', token: 'original', frozen: true } },
    ]);
  });

  it("require('jose') verifies a subject token against a remote JWKS; a forged one is rejected", async () => {
    const id = await deployAction(
      t,
      `const { jwtVerify, createRemoteJWKSet } = require('jose');
      let keys;
      exports.onExecuteCustomTokenExchange = async (event, api) => {
        keys ??= createRemoteJWKSet(new URL(${JSON.stringify(jwksUrl)}));
        try {
          const { payload } = await jwtVerify(event.transaction.subject_token, keys, { issuer: 'https://idp.example/', audience: 'cte' });
          api.authentication.setUserById(payload.sub);
        } catch (e) {
          api.access.rejectInvalidSubjectToken(e.code);
        }
      };`,
    );
    const good = await runAction(t, id, exchangeEvent({ subject_token: await signer('auth0|jose') }));
    assert.deepEqual(good.outcome, { ok: true });
    assert.deepEqual(good.commands, [{ op: 'authentication.setUserById', user_id: 'auth0|jose' }]);
    const wrongIssuer = await runAction(t, id, exchangeEvent({ subject_token: await signer('auth0|jose', 'https://evil.example/') }));
    assert.deepEqual(wrongIssuer.commands, [{ op: 'access.rejectInvalidSubjectToken', reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED' }]);
    const garbage = await runAction(t, id, exchangeEvent({ subject_token: 'not.a.jwt' }));
    assert.deepEqual(garbage.commands, [{ op: 'access.rejectInvalidSubjectToken', reason: 'ERR_JWS_INVALID' }]);
  });

  it('fetch gives up before the execution time runs out, so the action can still answer', async () => {
    const id = await deployAction(
      t,
      `exports.onExecuteCustomTokenExchange = async (event, api) => {
        try { await fetch(${JSON.stringify(hangUrl)}); } catch (e) { console.log('fetch failed:', e.name); }
        api.access.deny('server_error', 'upstream did not answer');
      };`,
    );
    const result = await runAction(t, id);
    assert.deepEqual(result.outcome, { ok: true });
    assert.deepEqual(result.commands, [{ op: 'access.deny', code: 'server_error', reason: 'upstream did not answer' }]);
    const execution = await t.prisma.actionExecution.findUniqueOrThrow({ where: { id: result.executionId } });
    assert.equal((execution.results as { logs: string }[])[0]?.logs, 'fetch failed: TimeoutError');
  });

  it('checks api arguments as Auth0 does: a bad call throws inside the action', async () => {
    const id = await deployAction(
      t,
      `exports.onExecuteCustomTokenExchange = async (event, api) => {
        const errors = [];
        for (const call of [
          () => api.authentication.setUserByConnection('db', { email: 'a@b.c' }, { creationBehavior: 'always' }),
          () => api.authentication.setUserByConnection('db', { email: 'a@b.c' }, { updateBehavior: 'merge' }),
          () => api.authentication.setUserByConnection('db', 'not an object', {}),
          () => api.authentication.setUserById(''),
          () => api.access.deny('invalid_request'),

        ]) { try { call(); errors.push('accepted'); } catch (e) { errors.push(e.message); } }
        api.authentication.setUserByConnection('db', { email: 'a@b.c' });
        api.user.setAppMetadata('errors', errors);
      };`,
    );
    const result = await runAction(t, id);
    assert.deepEqual(result.commands, [
      {
        op: 'authentication.setUserByConnection',
        connection: 'db',
        attributes: { email: 'a@b.c' },
        options: { creationBehavior: 'create_if_not_exists', updateBehavior: 'none' },
      },
      {
        op: 'user.setAppMetadata',
        key: 'errors',
        value: [
          'options.creationBehavior must be one of create_if_not_exists, none',
          'options.updateBehavior must be one of replace, none',
          'user_attributes must be an object',
          'user_id must be a non-empty string',
          'reason must be a non-empty string',
        ],
      },
    ]);
  });

  it('bounds what an execution sends back: 100 api calls, 64 K characters', async () => {
    const id = await deployAction(
      t,
      `exports.onExecuteCustomTokenExchange = async (event, api) => {
        try { api.user.setAppMetadata('big', 'x'.repeat(70000)); } catch (e) { console.log(e.message); }
        for (let i = 0; i < 100; i++) api.user.setUserMetadata('k' + i, i);
        api.authentication.setUserById('one-too-many');
      };`,
    );
    const result = await runAction(t, id);
    const message = 'An execution may make at most 100 api calls, 65536 characters of data in all';
    assert.deepEqual(result.outcome, { ok: false, failure: 'error', message });
    assert.equal(result.commands.length, 100);
    assert.deepEqual(result.commands[99], { op: 'user.setUserMetadata', key: 'k99', value: 99 });
    const execution = await t.prisma.actionExecution.findUniqueOrThrow({ where: { id: result.executionId } });
    assert.deepEqual((execution.results as { logs: string; error: unknown }[])[0], {
      ...(execution.results as object[])[0],
      logs: message,
      error: { id: 'error', msg: message },
    });
  });
});
