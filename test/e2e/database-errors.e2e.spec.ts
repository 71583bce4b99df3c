import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mapDatabaseErrors } from '../../src/database/database-errors.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

class NameTaken extends Error {}
class GrantGone extends Error {}
class Missing extends Error {}

// Real refusals from PostgreSQL, through both dialects the repositories speak: pg's own errors
// (the pool's hot paths) and Prisma's (model calls, interactive transactions, raw queries).
describe('mapDatabaseErrors: one mapper, keyed by constraint name', () => {
  let t: TestApp;
  let organizationName: string;
  before(async () => {
    t = await startTestApp();
    organizationName = (await t.factories.organization()).name;
  });
  after(() => t.close());

  const map = mapDatabaseErrors({
    constraints: { organizations_name_key: () => new NameTaken(), organization_client_grants_grant_id_fkey: () => new GrantGone() },
    recordNotFound: () => new Missing(),
  });
  const duplicateSql = () => t.prisma.sql('INSERT INTO organizations (id, name) VALUES ($1, $2)', ['org_dup', organizationName]);
  const orphanSql = async () =>
    t.prisma.sql('INSERT INTO organization_client_grants (organization_id, grant_id) VALUES ($1, $2)', [
      (await t.factories.organization()).id,
      'cgr_gone',
    ]);

  it('a unique violation from the pg pool (23505) becomes the error named for its constraint', async () => {
    await assert.rejects(duplicateSql().catch(map), NameTaken);
  });

  it('a foreign-key violation from the pg pool (23503) too', async () => {
    await assert.rejects(orphanSql().catch(map), GrantGone);
  });

  it("Prisma's unique (P2002) and foreign-key (P2003) violations, also inside an interactive transaction", async () => {
    await assert.rejects(t.prisma.organization.create({ data: { id: 'org_dup', name: organizationName } }).catch(map), NameTaken);
    const { id } = await t.factories.organization();
    await assert.rejects(
      t.prisma.organizationClientGrant.create({ data: { organization_id: id, grant_id: 'cgr_gone' } }).catch(map),
      GrantGone,
    );
    await assert.rejects(
      t.prisma.$transaction((tx) => tx.organization.create({ data: { id: 'org_dup', name: organizationName } })).catch(map),
      NameTaken,
    );
  });

  it("a raw Prisma query's violation (P2010, pg's error underneath)", async () => {
    await assert.rejects(
      t.prisma.$executeRaw`INSERT INTO organizations (id, name) VALUES ('org_dup', ${organizationName})`.catch(map),
      NameTaken,
    );
  });

  it("a write to a missing row (P2025) becomes the feature's not-found", async () => {
    await assert.rejects(t.prisma.organization.update({ where: { id: 'org_none' }, data: { name: 'x' } }).catch(map), Missing);
  });

  it('whatever the map does not name comes back unchanged', async () => {
    const none = mapDatabaseErrors({});
    const original = await failureOf(duplicateSql());
    await assert.rejects(Promise.reject(original).catch(none), (error) => error === original);
    const missing = await failureOf(t.prisma.organization.update({ where: { id: 'org_none' }, data: { name: 'x' } }));
    await assert.rejects(Promise.reject(missing).catch(none), (error) => error === missing);
    // A constraint named like an Object.prototype member is not "named by the map".
    await t.prisma.sql('CREATE TABLE odd_names (x int CONSTRAINT "constructor" UNIQUE)', []);
    await t.prisma.sql('INSERT INTO odd_names VALUES (1)', []);
    const odd = await failureOf(t.prisma.sql('INSERT INTO odd_names VALUES (1)', []));
    assert.equal((odd as { constraint?: string }).constraint, 'constructor');
    await assert.rejects(Promise.reject(odd).catch(map), (error) => error === odd);
    const plain = new Error('not a database error');
    await assert.rejects(Promise.reject(plain).catch(map), (error) => error === plain);
  });
});

/** What the statement failed with: the driver's and Prisma's failures are Error objects. */
async function failureOf(statement: Promise<unknown>): Promise<Error> {
  try {
    await statement;
  } catch (error) {
    assert.ok(error instanceof Error, `expected an Error, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the statement to fail');
}
