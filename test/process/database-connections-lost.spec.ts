import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { query } from '../support/scratch-database.js';
import { freePort, ServerProcess } from '../support/server-process.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';
import { TokenSigner } from '../support/token-signer.js';

const DOMAIN = 'tenant.test';

// The start sends its few queries through the pool, not through Prisma, so Prisma's adapter (which
// handles an idle connection's error once Prisma connects) is not there yet: the service must be.
describe('the database ending the pool’s idle connections before any query Prisma builds (the built server)', () => {
  const tokens = new TokenSigner(`https://${DOMAIN}/`, `https://${DOMAIN}/api/v2/`);
  let databaseUrl: string;

  before(async () => {
    await tokens.start();
    databaseUrl = await createTestDatabase();
  });
  after(async () => {
    await tokens.stop();
    await dropTestDatabase(databaseUrl);
  });

  it('logs each lost connection, stays up, is ready again on new connections, and SIGTERM still exits 0', async (t) => {
    const port = await freePort();
    const start = (): ServerProcess => {
      const server = new ServerProcess({
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        TENANT_DOMAIN: DOMAIN,
        JWKS_URI: tokens.jwksUri,
        LOG_LEVEL: 'info',
      });
      t.after(() => server.kill('SIGKILL'));
      return server;
    };
    // The first start of a tenant writes its bootstrap admin and signing key, through Prisma; a
    // restart (the case here) only reads.
    const first = start();
    await first.waitFor(/"msg":"listening on /);
    first.kill('SIGTERM');
    assert.deepEqual(await first.exited, { code: 0, signal: null });

    const server = start();
    await server.waitFor(/"msg":"listening on /);
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);

    // What a restart, a failover or an administrator does to every session of the database.
    // In the select list, so it runs only on the rows the WHERE kept (never on this session).
    const ended = await query<{ ended: boolean }>(
      databaseUrl,
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    assert.ok(ended.length >= 1 && ended.every((row) => row.ended), 'the service held connections to end');
    await server.waitFor(
      /"level":"warn".*"msg":"idle database connection lost: terminating connection due to administrator command"/,
      10_000,
    );

    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    // And Prisma, connecting only now, works on the same pool (a list it builds).
    const list = await fetch(`http://127.0.0.1:${port}/api/v2/organizations`, {
      headers: { authorization: `Bearer ${await tokens.sign({ scope: 'read:organizations' })}` },
    });
    assert.equal(list.status, 200);
    assert.deepEqual(await list.json(), []);
    assert.doesNotMatch(server.output, /Unhandled 'error' event/);

    server.kill('SIGTERM');
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assert.match(server.output, /"msg":"database pool closed"/);
  });
});
