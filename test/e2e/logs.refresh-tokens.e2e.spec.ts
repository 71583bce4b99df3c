import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { exchange, ExchangeKit, type ExchangeClient } from '../support/token-exchange.js';
import { UserFactories } from '../support/user-factories.js';

const SET_USER_BY_ID =
  'exports.onExecuteCustomTokenExchange = async (event, api) => { api.authentication.setUserById(event.transaction.subject_token); };';

type Entry = Awaited<ReturnType<TestApp['prisma']['tenantLog']['findMany']>>[number];
interface Change {
  table: string;
  op: string;
  key: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('tenant log entries of refresh token revocations carry the deleted rows', () => {
  let t: TestApp;
  let users: UserFactories;
  let connectionId: string;
  let profile: string;
  let client: ExchangeClient;

  /** A refresh token of `userId`, issued by the token endpoint; its row's id. */
  const issue = async (userId: string): Promise<string> => {
    const res = await exchange(t, client, { subject_token: userId, subject_token_type: profile, scope: 'read:things offline_access' });
    assert.equal(res.status, 200, res.text);
    assert.equal(typeof res.body.refresh_token, 'string');
    const rows = await t.prisma.refreshToken.findMany({ where: { user_id: userId }, orderBy: { created_at: 'desc' }, take: 1 });
    return rows[0].id;
  };
  const mark = async (): Promise<bigint> => (await t.prisma.tenantLog.aggregate({ _max: { seq: true } }))._max.seq ?? 0n;
  /** The one sapi entry written since `since`, and its changes. */
  const sapiSince = async (since: bigint): Promise<{ entry: Entry; changes: Change[] }> => {
    const entries = await t.prisma.tenantLog.findMany({ where: { seq: { gt: since }, type: 'sapi' } });
    assert.equal(entries.length, 1);
    const details = JSON.parse(entries[0].details ?? 'null') as { changes: Change[]; changes_total: number };
    assert.equal(details.changes_total, details.changes.length);
    return { entry: entries[0], changes: details.changes };
  };
  /** The deletion of refresh token `id` of `userId` as the entry records it: the whole row before, nothing after. */
  const assertDeleted = (change: Change | undefined, id: string, userId: string) => {
    assert.ok(change, `no change for ${id}`);
    assert.deepEqual(
      { table: change.table, op: change.op, key: change.key, after: change.after },
      {
        table: 'refresh_tokens',
        op: 'delete',
        key: { id },
        after: null,
      },
    );
    assert.equal(change.before?.id, id);
    assert.equal(change.before.user_id, userId);
    assert.equal(change.before.client_id, client.client_id);
    assert.equal(change.before.audience, client.audience);
    assert.deepEqual(change.before.scope, ['read:things', 'offline_access']);
  };

  before(async () => {
    t = await startTestApp();
    const kit = await ExchangeKit.start(t);
    users = new UserFactories(t.prisma);
    connectionId = (await users.connection()).id;
    profile = await kit.profileRunning(SET_USER_BY_ID);
    client = await kit.client(['read:things']);
    await t.prisma.resourceServer.update({ where: { identifier: client.audience }, data: { allow_offline_access: true } });
  });
  after(() => t.close());

  it('DELETE /refresh-tokens/{id}: its sapi entry lists the deleted row', async () => {
    const user = await users.user(connectionId);
    const id = await issue(user.user_id);
    const since = await mark();
    const res = await t.api.delete(`/api/v2/refresh-tokens/${id}`).set('Authorization', await t.bearer('delete:refresh_tokens'));
    assert.equal(res.status, 202, res.text);
    const { entry, changes } = await sapiSince(since);
    assert.equal(entry.description, 'Delete a refresh token');
    assert.equal(changes.length, 1);
    assertDeleted(changes[0], id, user.user_id);
  });

  it("DELETE /users/{id}/refresh-tokens: every token of the user, and no other user's", async () => {
    const [user, other] = [await users.user(connectionId), await users.user(connectionId)];
    const ids = [await issue(user.user_id), await issue(user.user_id)];
    await issue(other.user_id);
    const since = await mark();
    const res = await t.api
      .delete(`/api/v2/users/${encodeURIComponent(user.user_id)}/refresh-tokens`)
      .set('Authorization', await t.bearer('delete:refresh_tokens'));
    assert.equal(res.status, 202, res.text);
    const { changes } = await sapiSince(since);
    assert.deepEqual(changes.map((c) => c.key.id).sort(), [...ids].sort());
    for (const id of ids)
      assertDeleted(
        changes.find((c) => c.key.id === id),
        id,
        user.user_id,
      );
  });

  it('DELETE /users/{id}: the user and, through the foreign key, its refresh token', async () => {
    const user = await users.user(connectionId);
    const id = await issue(user.user_id);
    const since = await mark();
    const res = await t.api
      .delete(`/api/v2/users/${encodeURIComponent(user.user_id)}`)
      .set('Authorization', await t.bearer('delete:users'));
    assert.equal(res.status, 204, res.text);
    const { changes } = await sapiSince(since);
    assert.deepEqual(changes.find((c) => c.table === 'users')?.key, { user_id: user.user_id });
    assertDeleted(
      changes.find((c) => c.table === 'refresh_tokens'),
      id,
      user.user_id,
    );
  });
});
