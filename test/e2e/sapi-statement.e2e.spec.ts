import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { changePieces, deletedRowSql, sapiParams, updatedRowSql, type ChangeFrame } from '../../src/logs/sapi-statement.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';

const PROFILE = { table: 'token_exchange_profiles', key: ['id'] };
const ASSOCIATION = { table: 'organization_client_grants', key: ['organization_id', 'grant_id'] };
const PROFILE_COLUMNS = ['id', 'name', 'subject_token_type', 'action_id', 'type', 'created_at', 'updated_at'];
const SET_BY_PATCH = ['name', 'subject_token_type', 'updated_at'];
const MEMBERS = '"request":{"method":"x"},"response":{"statusCode":200}';

/** The entry's parameters as SapiEntry.take gives them. */
function params(change: ChangeFrame): string[] {
  const fields = ['a description', 'client_a', '127.0.0.1', 'agent', 'tenant.example.com', 'user_a'];
  const values = [...fields, ...changePieces(MEMBERS, change)];
  assert.equal(values.length, sapiParams(change.op));
  return values;
}

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

  /** Inside a transaction rolled back after: `statement`'s entries, and `theirs` computed with the database as it is then. */
  async function inRollback(
    statement: string,
    values: unknown[],
    theirs: string,
  ): Promise<{ details: Record<string, unknown>[]; theirs: unknown }> {
    await db.query('BEGIN');
    try {
      await db.query('DELETE FROM tenant_logs');
      await db.query(`CREATE TEMP TABLE old_row ON COMMIT DROP AS SELECT * FROM token_exchange_profiles`);
      await db.query(statement, values);
      const { rows } = await db.query<{ details: string }>('SELECT details FROM tenant_logs');
      const [{ theirs: computed }] = (await db.query<{ theirs: unknown }>(theirs)).rows;
      return { details: rows.map((row) => JSON.parse(row.details) as Record<string, unknown>), theirs: computed };
    } finally {
      await db.query('ROLLBACK');
    }
  }

  /** The PATCH's statement shape with `set` applied to tep_a: its entries, and the change tenant_log_change builds. */
  function updateBoth(set: string) {
    const updated = updatedRowSql(PROFILE, SET_BY_PATCH, {
      first: 1,
      from: 'updated u JOIN old o ON o.id = u.id',
      oldAlias: 'o',
      newAlias: 'u',
    });
    return inRollback(
      `WITH old AS (SELECT * FROM token_exchange_profiles WHERE id = 'tep_a' FOR UPDATE),
            updated AS (UPDATE token_exchange_profiles p SET ${set} FROM old WHERE p.id = old.id RETURNING p.*)
       ${updated.insert}`,
      params(updated.change(['tep_a'])),
      `SELECT CASE WHEN c IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(c) END AS theirs
         FROM old_row o JOIN token_exchange_profiles n ON n.id = o.id,
              tenant_log_change('token_exchange_profiles', 'update', jsonb_build_object('id', n.id), to_jsonb(o), to_jsonb(n)) c
        WHERE o.id = 'tep_a'`,
    );
  }

  for (const [what, set] of [
    ['a new name', `name = 'renamed', updated_at = '2026-02-01T00:00:00Z'`],
    ['a new subject_token_type', `subject_token_type = 'urn:eq:b', updated_at = '2026-02-01T00:00:00Z'`],
    ['both', `name = 'renamed', subject_token_type = 'urn:eq:b', updated_at = '2026-02-01T00:00:00Z'`],
    ['only the timestamp', `updated_at = '2026-02-01T00:00:00Z'`],
  ]) {
    it(`update, ${what}: one entry, the same changed columns before and after, the request's members kept`, async () => {
      const { details, theirs } = await updateBoth(set);
      assert.equal(details.length, 1);
      assert.deepEqual(details[0].changes, theirs);
      assert.equal(details[0].changes_total, 1);
      assert.deepEqual([details[0].request, details[0].response], [{ method: 'x' }, { statusCode: 200 }]);
    });
  }

  it('update that changes nothing: the statement inserts no entry (tenant_log_change leaves no change)', async () => {
    const { details, theirs } = await updateBoth(`name = p.name`);
    assert.deepEqual(details, []);
    assert.deepEqual(theirs, []);
  });

  it('delete of a profile and of an organization association: the whole row before, nothing after', async () => {
    const profile = deletedRowSql(PROFILE, PROFILE_COLUMNS, 2);
    const ours = await inRollback(
      `WITH deleted AS (DELETE FROM token_exchange_profiles WHERE id = $1 RETURNING ${profile.returning}) ${profile.insert}`,
      ['tep_a', ...params(profile.change(['tep_a']))],
      `SELECT tenant_log_change('token_exchange_profiles', 'delete', jsonb_build_object('id', p.id), to_jsonb(p), NULL) AS theirs
         FROM old_row p WHERE p.id = 'tep_a'`,
    );
    assert.equal(ours.details.length, 1);
    assert.deepEqual(ours.details[0].changes, [ours.theirs]);
    assert.equal(ours.details[0].changes_total, 1);

    const grant = deletedRowSql(ASSOCIATION, ['organization_id', 'grant_id', 'created_at'], 3);
    await db.query('BEGIN');
    try {
      const [{ theirs }] = (
        await db.query<{ theirs: unknown }>(`SELECT tenant_log_change('organization_client_grants', 'delete',
            jsonb_build_object('organization_id', a.organization_id, 'grant_id', a.grant_id), to_jsonb(a), NULL) AS theirs
          FROM organization_client_grants a`)
      ).rows;
      await db.query(
        `WITH deleted AS (DELETE FROM organization_client_grants WHERE organization_id = $1 AND grant_id = $2 RETURNING ${grant.returning}) ${grant.insert}`,
        ['org_a', 'cgr_a', ...params(grant.change(['org_a', 'cgr_a']))],
      );
      const { rows } = await db.query<{ details: string }>(
        `SELECT details FROM tenant_logs WHERE details LIKE '%organization_client_grants%'`,
      );
      assert.equal(rows.length, 1);
      assert.deepEqual((JSON.parse(rows[0].details) as { changes: unknown }).changes, [theirs]);
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('a statement that deletes nothing inserts no entry; one given a taken entry (NULLs) inserts none either', async () => {
    const { returning, insert, change } = deletedRowSql(PROFILE, PROFILE_COLUMNS, 2);
    const statement = `WITH deleted AS (DELETE FROM token_exchange_profiles WHERE id = $1 RETURNING ${returning}) ${insert}`;
    const absent = await inRollback(statement, ['tep_absent', ...params(change(['tep_absent']))], 'SELECT NULL AS theirs');
    assert.deepEqual(absent.details, []);
    const taken = await inRollback(
      statement,
      ['tep_a', ...params(change(['tep_a'])).map(() => null)],
      'SELECT count(*)::int AS theirs FROM token_exchange_profiles',
    );
    assert.deepEqual([taken.details, taken.theirs], [[], 0]);
  });

  it('a column named like a secret is refused when the statement is built, never logged unredacted', () => {
    assert.throws(() => deletedRowSql({ table: 'clients', key: ['client_id'] }, ['client_id', 'secret_hash'], 1), /names a secret/);
    assert.throws(
      () => updatedRowSql({ table: 'users', key: ['user_id'] }, ['password_hash'], { first: 1, from: 'x', oldAlias: 'o', newAlias: 'n' }),
      /names a secret/,
    );
  });
});
