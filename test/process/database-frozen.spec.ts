import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyMigrations } from '../../src/database/migrator.js';
import { OwnPostgres } from '../support/own-postgres.js';
import { query } from '../support/scratch-database.js';
import { freePort, ServerProcess } from '../support/server-process.js';
import { TokenSigner } from '../support/token-signer.js';

const DOMAIN = 'tenant.test';
const PROFILE = {
  id: 'tep_frozen0000000001',
  name: 'before-freeze',
  subject_token_type: 'urn:example:frozen',
  action_id: 'act_1',
  type: 'custom_authentication',
};
const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'Service temporarily unavailable.',
  errorCode: 'database_unavailable',
};
const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 1500;

interface Timed {
  status: number;
  body: unknown;
  retryAfter: string | null;
  ms: number;
}

describe('a frozen database (its PostgreSQL stopped with SIGSTOP), the built server on it', () => {
  const tokens = new TokenSigner(`https://${DOMAIN}/`, `https://${DOMAIN}/api/v2/`);
  let db: Awaited<ReturnType<typeof OwnPostgres.start>>;
  let server: ServerProcess;
  let port: number;

  before(async () => {
    await tokens.start();
    db = await OwnPostgres.start();
    await applyMigrations(db.url);
    await query(
      db.url,
      'INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type) VALUES ($1, $2, $3, $4, $5)',
      Object.values(PROFILE),
    );
    port = await freePort();
    server = new ServerProcess({
      DATABASE_URL: db.url,
      PORT: String(port),
      TENANT_DOMAIN: DOMAIN,
      JWKS_URI: tokens.jwksUri,
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'info',
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
    await server.waitFor(/"msg":"listening on /);
  });

  after(async () => {
    // Whatever failed: the database runs again, then everything stops.
    // Either is unset when before() failed part way.
    const started: { db?: typeof db; server?: ServerProcess } = { db, server };
    started.db?.thaw();
    started.server?.kill('SIGKILL');
    await started.server?.exited;
    await started.db?.destroy();
    await tokens.stop();
  });

  async function timed(path: string, init: RequestInit = {}): Promise<Timed> {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    const body: unknown = await res.json();
    return { status: res.status, body, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
  }

  async function patch(name: string): Promise<Timed> {
    const authorization = `Bearer ${await tokens.sign({ scope: 'update:token_exchange_profiles' })}`;
    return timed(`/api/v2/token-exchange-profiles/${PROFILE.id}`, {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
  }

  it('PATCH answers 503 database_unavailable with Retry-After within the timeouts, /readyz 503 within 2 s; both recover after SIGCONT', async () => {
    assert.equal((await patch('while-up')).status, 200);
    assert.equal((await timed('/readyz')).status, 200);

    await db.freeze();
    try {
      // Two at once: one waits on a pooled connection's statement, the other may need a new connection.
      const patches = await Promise.all([patch('while-frozen-1'), patch('while-frozen-2')]);
      for (const res of patches) {
        assert.equal(res.status, 503, JSON.stringify(res));
        assert.deepEqual(res.body, UNAVAILABLE);
        assert.match(res.retryAfter ?? '', /^[1-9]\d*$/);
        assert.ok(res.ms < CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 1500, `answered in ${res.ms} ms`);
      }
      const ready = await timed('/readyz');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.body, UNAVAILABLE);
      assert.ok(ready.ms < 2000, `readyz answered in ${ready.ms} ms`);
      assert.equal((await timed('/healthz')).status, 200, 'the process itself is fine');
    } finally {
      db.thaw();
    }

    for (let i = 0; (await timed('/readyz')).status !== 200; i++) {
      assert.ok(i < 100, 'readyz back to 200 after SIGCONT');
      await new Promise((r) => setTimeout(r, 100));
    }
    const recovered = await patch('after-thaw');
    assert.equal(recovered.status, 200, JSON.stringify(recovered));
    assert.deepEqual(await query(db.url, 'SELECT name FROM token_exchange_profiles WHERE id = $1', [PROFILE.id]), [{ name: 'after-thaw' }]);
  });
});
