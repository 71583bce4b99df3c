import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { deletedRowsSql, updatedRowSql } from '../../src/logs/sapi-statement.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';

const PROFILE = { table: 'token_exchange_profiles', key: ['id'] };
const PROFILE_COLUMNS = ['id', 'name', 'subject_token_type', 'action_id', 'type', 'created_at', 'updated_at'];
const SET_BY_PATCH = ['name', 'subject_token_type', 'updated_at'];

/**
 * The hot statements build their change inline (sapi-statement.ts); the capture trigger builds it
 * with tenant_log_change. A log reader must not be able to tell which one wrote an entry.
 */
describe('a self-logging statement records the change tenant_log_change would', () => {
  let url: string;
  let db: pg.Client;
  before(async () => {
    url = await createTestDatabase();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(`INSERT INTO token_exchange_profiles (id, name, subject_token_type, action_id, type, created_at, updated_at)
      VALUES ('tep_a', 'profile a', 'urn:eq:a', 'act_x', 'custom_authentication', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')`);
    await db.query(`INSERT INTO organizations (id, name) VALUES ('org_a', 'org-a')`);
    await db.query(
      `INSERT INTO client_grants (id, client_id, audience, scope) VALUES ('cgr_a', 'client_a', 'https://eq.example.com/', ARRAY['read:x'])`,
    );
    await db.query(`INSERT INTO organization_client_grants (organization_id, grant_id) VALUES ('org_a', 'cgr_a')`);
  });
  after(async () => {
    await db.end();
    await dropTestDatabase(url);
  });

  /** Both changes for the profile as it is (o) and with `set` applied (n), inside a transaction rolled back after. */
  async function updateBoth(set: string): Promise<{ ours: unknown; theirs: unknown }> {
    await db.query('BEGIN');
    try {
      await db.query(`CREATE TEMP TABLE old_row ON COMMIT DROP AS SELECT * FROM token_exchange_profiles WHERE id = 'tep_a'`);
      await db.query(`UPDATE token_exchange_profiles SET ${set} WHERE id = 'tep_a'`);
      const changes = updatedRowSql(PROFILE, SET_BY_PATCH, 'o', 'n');
      const { rows } = await db.query<{ ours: unknown; total: number; theirs: unknown }>(`
        SELECT (${changes.list})::jsonb AS ours, ${changes.total} AS total,
               CASE WHEN c IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(c) END AS theirs
          FROM old_row o JOIN token_exchange_profiles n ON n.id = o.id,
               tenant_log_change('token_exchange_profiles', 'update', jsonb_build_object('id', n.id), to_jsonb(o), to_jsonb(n)) c`);
      assert.equal(rows[0].total, (rows[0].ours as unknown[]).length);
      return rows[0];
    } finally {
      await db.query('ROLLBACK');
    }
  }

  for (const [what, set] of [
    ['a new name', `name = 'renamed', updated_at = '2026-02-01T00:00:00Z'`],
    ['a new subject_token_type', `subject_token_type = 'urn:eq:b', updated_at = '2026-02-01T00:00:00Z'`],
    ['both', `name = 'renamed', subject_token_type = 'urn:eq:b', updated_at = '2026-02-01T00:00:00Z'`],
    ['only the timestamp', `updated_at = '2026-02-01T00:00:00Z'`],
  ]) {
    it(`update, ${what}: the same changed columns, before and after`, async () => {
      const { ours, theirs } = await updateBoth(set);
      assert.equal((ours as unknown[]).length, 1);
      assert.deepEqual(ours, theirs);
    });
  }

  it('update that changes nothing: no change at all, as tenant_log_change (NULL) leaves none', async () => {
    const { ours, theirs } = await updateBoth(`name = name`);
    assert.deepEqual(ours, []);
    assert.deepEqual(theirs, []);
  });

  it('delete of a profile and of an organization association: the whole row before, nothing after', async () => {
    const association = { table: 'organization_client_grants', key: ['organization_id', 'grant_id'] };
    const profile = deletedRowsSql(PROFILE, PROFILE_COLUMNS, 'deleted', 'd');
    const grant = deletedRowsSql(association, ['organization_id', 'grant_id', 'created_at'], 'deleted', 'd');
    const { rows } = await db.query<Record<string, unknown>>(`
      WITH deleted AS (SELECT ${profile.returning} FROM token_exchange_profiles WHERE id = 'tep_a')
      SELECT (${profile.changes.list})::jsonb AS ours, (${profile.changes.total})::int AS total,
             (SELECT jsonb_agg(tenant_log_change('token_exchange_profiles', 'delete', jsonb_build_object('id', p.id), to_jsonb(p), NULL))
                FROM token_exchange_profiles p) AS theirs
        FROM ${profile.from}
      UNION ALL
      (WITH deleted AS (SELECT ${grant.returning} FROM organization_client_grants)
      SELECT (${grant.changes.list})::jsonb, (${grant.changes.total})::int,
             (SELECT jsonb_agg(tenant_log_change('organization_client_grants', 'delete',
                       jsonb_build_object('organization_id', a.organization_id, 'grant_id', a.grant_id), to_jsonb(a), NULL))
                FROM organization_client_grants a)
        FROM ${grant.from})`);
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(row.total, 1);
      assert.deepEqual(row.ours, row.theirs);
    }
  });

  it('a statement that deletes nothing records no change', async () => {
    const { returning, changes, from } = deletedRowsSql(PROFILE, PROFILE_COLUMNS, 'deleted', 'd');
    const { rows } = await db.query<Record<string, unknown>>(`
      WITH deleted AS (SELECT ${returning} FROM token_exchange_profiles WHERE id = 'tep_absent')
      SELECT (${changes.list})::jsonb AS list, (${changes.total})::int AS total FROM ${from}`);
    assert.deepEqual(rows, [{ list: [], total: 0 }]);
  });

  it('a column named like a secret is refused when the statement is built, never logged unredacted', () => {
    assert.throws(
      () => deletedRowsSql({ table: 'clients', key: ['client_id'] }, ['client_id', 'secret_hash'], 'deleted', 'd'),
      /names a secret/,
    );
    assert.throws(() => updatedRowSql({ table: 'users', key: ['user_id'] }, ['password_hash'], 'o', 'n'), /names a secret/);
  });
});
