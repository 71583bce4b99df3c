import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { Scopes } from '../../src/auth/scopes.decorator.js';
import { newId } from '../../src/common/ids.js';
import type { PrismaTx } from '../../src/database/transactions.js';
import { ManagementWrite } from '../../src/logs/management-write.decorator.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Writes that exist only here: two statements where the second fails, a caught nested transaction, a write that writes nothing. */
@Controller('test-only-logs')
class TwoStatementsController {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  @ManagementWrite()
  @Post('second-fails')
  @Scopes('create:organizations')
  @ApiOperation({ summary: 'Create two organizations, the second one failing' })
  async secondFails(): Promise<void> {
    await this.txHost.tx.$executeRawUnsafe('INSERT INTO organizations (id, name) VALUES ($1, $2)', newId('org'), 'rolled-back-org');
    await this.txHost.tx.$executeRawUnsafe('INSERT INTO organizations (id, name) VALUES ($1, NULL)', newId('org'));
  }

  @ManagementWrite()
  @Post('inner-rollback')
  @HttpCode(201)
  @Scopes('create:organizations')
  @ApiOperation({ summary: 'Create an organization beside a failed inner transaction' })
  async innerRollback(): Promise<{ id: string }> {
    const id = newId('org');
    await this.txHost.tx.organization.create({ data: { id, name: `kept-${id}` } });
    await this.txHost
      .withTransaction(Propagation.Nested, async () => {
        await this.txHost.tx.organization.create({ data: { id: newId('org'), name: 'inner-discarded' } });
        throw new Error('inner transaction gives up');
      })
      .catch(() => undefined);
    await this.txHost.withTransaction(Propagation.Nested, () =>
      this.txHost.tx.organization.update({ where: { id }, data: { display_name: 'second' } }),
    );
    return { id };
  }

  @ManagementWrite()
  @Post('writes-nothing')
  @HttpCode(204)
  @Scopes('create:organizations')
  @ApiOperation({ summary: 'A write with nothing to change' })
  async writesNothing(): Promise<void> {
    await Promise.resolve();
  }

  // Forgot its @ManagementWrite(): refused before it runs, never a write without its transaction and entry.
  @Post('undeclared')
  @Scopes('create:organizations')
  @ApiOperation({ summary: 'A write that does not say it is one' })
  async undeclared(): Promise<void> {
    await this.txHost.tx.$executeRawUnsafe('INSERT INTO organizations (id, name) VALUES ($1, $2)', newId('org'), 'undeclared-org');
  }

  @Get('read')
  @Scopes('create:organizations')
  @ApiOperation({ summary: 'A read' })
  read(): { inTransaction: boolean } {
    return { inTransaction: this.txHost.isTransactionActive() };
  }
}

@Module({ controllers: [TwoStatementsController] })
class TwoStatementsModule {}

type Entry = Awaited<ReturnType<TestApp['prisma']['tenantLog']['findMany']>>[number];
interface Details {
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  changes?: Record<string, unknown>[];
  changes_total?: number;
}

describe('tenant log entries of management writes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({}, { imports: [TwoStatementsModule] });
    await t.factories.client({ client_id: 'test-client', name: 'The test client' });
  });
  after(() => t.close());

  /** Entries written since `mark` (a seq), oldest first. */
  const entriesAfter = (mark: bigint): Promise<Entry[]> =>
    t.prisma.tenantLog.findMany({ where: { seq: { gt: mark } }, orderBy: { seq: 'asc' } });
  const mark = async (): Promise<bigint> => (await t.prisma.tenantLog.aggregate({ _max: { seq: true } }))._max.seq ?? 0n;
  // Stored as the JSON text the service wrote.
  const details = (entry: Entry) => JSON.parse(entry.details ?? 'null') as Details;

  it('PATCH /token-exchange-profiles/:id: one sapi, with the client, in the same transaction, with before/after', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const since = await mark();
    const res = await t.api
      .patch(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', await t.bearer('update:token_exchange_profiles'))
      .set('User-Agent', 'logs-test/1.0')
      .send({ name: 'renamed profile' });
    assert.equal(res.status, 200);
    const entries = await entriesAfter(since);
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.equal(entry.type, 'sapi');
    assert.equal(entry.description, 'Update a token exchange profile');
    assert.equal(entry.client_id, 'test-client');
    assert.equal(entry.client_name, 'The test client');
    assert.equal(entry.user_agent, 'logs-test/1.0');
    const d = details(entry);
    assert.deepEqual(
      { method: d.request.method, path: d.request.path, body: d.request.body },
      { method: 'patch', path: `/api/v2/token-exchange-profiles/${profile.id}`, body: { name: 'renamed profile' } },
    );
    assert.deepEqual(d.response, { statusCode: 200 });
    assert.equal(d.changes?.length, 1);
    assert.equal(d.changes_total, 1);
    const [change] = d.changes ?? [];
    assert.equal(change.table, 'token_exchange_profiles');
    assert.equal(change.op, 'update');
    assert.deepEqual(change.key, { id: profile.id });
    assert.equal((change.before as Record<string, unknown>).name, profile.name);
    assert.equal((change.after as Record<string, unknown>).name, 'renamed profile');
    assert.ok(!('subject_token_type' in (change.after as object)), 'only changed columns');
  });

  it('values JSON must escape reach the entry intact: request body, before and after, the deleted row', async () => {
    const name = 'quote " backslash \\ tab \t newline \n é 😀 </script>';
    const profile = await t.factories.tokenExchangeProfile();
    const since = await mark();
    const patched = await t.api
      .patch(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', await t.bearer('update:token_exchange_profiles'))
      .send({ name });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.name, name);
    const deleted = await t.api
      .delete(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', await t.bearer('delete:token_exchange_profiles'));
    assert.equal(deleted.status, 204);
    const [update, removal] = (await entriesAfter(since)).map(details);
    assert.equal((update.request.body as Record<string, unknown>).name, name);
    const [changed] = update.changes ?? [];
    assert.deepEqual(
      [changed.before, changed.after].map((side) => (side as Record<string, unknown>).name),
      [profile.name, name],
    );
    const [gone] = removal.changes ?? [];
    assert.equal((gone.before as Record<string, unknown>).name, name);
  });

  it('DELETE /token-exchange-profiles/:id: one sapi holding the deleted row', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const since = await mark();
    const res = await t.api
      .delete(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', await t.bearer('delete:token_exchange_profiles'));
    assert.equal(res.status, 204);
    const entries = await entriesAfter(since);
    assert.deepEqual(
      entries.map((e) => [e.type, e.description, e.client_id]),
      [['sapi', 'Delete a token exchange profile', 'test-client']],
    );
    const [change] = details(entries[0]).changes ?? [];
    assert.deepEqual([change.table, change.op, change.after], ['token_exchange_profiles', 'delete', null]);
    assert.equal((change.before as Record<string, unknown>).subject_token_type, profile.subject_token_type);
  });

  it('before/after hide secrets at any depth, and keep a value that only names one', async () => {
    const since = await mark();
    const res = await t.api
      .post('/api/v2/clients')
      .set('Authorization', await t.bearer('create:clients'))
      .send({ name: 'password reset portal', client_metadata: { vault_password: 'hunter2', note: 'plain' } });
    assert.equal(res.status, 201);
    const [entry] = await entriesAfter(since);
    const change = (details(entry).changes ?? []).find((c) => c.table === 'clients');
    const after = change?.after as Record<string, unknown>;
    assert.equal(after.secret_hash, '[REDACTED]');
    assert.equal(after.name, 'password reset portal');
    assert.deepEqual(after.client_metadata, { vault_password: '[REDACTED]', note: 'plain' });
    assert.ok(!entry.details?.includes('hunter2'));
    assert.ok(!entry.details?.includes(res.body.client_secret as string));
  });

  it('DELETE /organizations/:id/client-grants/:grant_id: one sapi with the removed association', async () => {
    const [organization, grant] = [await t.factories.organization(), await t.factories.clientGrant()];
    await t.prisma.organizationClientGrant.create({ data: { organization_id: organization.id, grant_id: grant.id } });
    const since = await mark();
    const res = await t.api
      .delete(`/api/v2/organizations/${organization.id}/client-grants/${grant.id}`)
      .set('Authorization', await t.bearer('delete:organization_client_grants'));
    assert.equal(res.status, 204);
    const entries = await entriesAfter(since);
    assert.equal(entries.length, 1);
    assert.equal(entries[0].type, 'sapi');
    assert.equal(entries[0].client_id, 'test-client');
    const changes = details(entries[0]).changes ?? [];
    assert.deepEqual(
      changes.map((c) => [c.table, c.op, c.key]),
      [['organization_client_grants', 'delete', { organization_id: organization.id, grant_id: grant.id }]],
    );
  });

  it('a refused write (403 missing scope) leaves one fapi naming the client, and nothing changes', async () => {
    const profile = await t.factories.tokenExchangeProfile();
    const since = await mark();
    const res = await t.api
      .delete(`/api/v2/token-exchange-profiles/${profile.id}`)
      .set('Authorization', await t.bearer('read:token_exchange_profiles', { azp: 'test-client' }));
    assert.equal(res.status, 403);
    const entries = await entriesAfter(since);
    assert.deepEqual(
      entries.map((e) => [e.type, e.client_id, e.client_name]),
      [['fapi', 'test-client', 'The test client']],
    );
    const d = details(entries[0]);
    assert.equal(d.response.statusCode, 403);
    assert.deepEqual(d.response.body, res.body);
    assert.equal(d.changes, undefined);
    assert.ok(await t.prisma.tokenExchangeProfile.findUnique({ where: { id: profile.id } }));
  });

  it('404 and 400 from the handler and the pipe leave one fapi each; 401 leaves one without a client', async () => {
    const since = await mark();
    const auth = await t.bearer('update:token_exchange_profiles');
    assert.equal(
      (await t.api.patch('/api/v2/token-exchange-profiles/tep_doesNotExist0000').set('Authorization', auth).send({ name: 'nothing' }))
        .status,
      404,
    );
    assert.equal((await t.api.patch('/api/v2/token-exchange-profiles/tep_x').set('Authorization', auth).send({ name: 1 })).status, 400);
    assert.equal((await t.api.patch('/api/v2/token-exchange-profiles/tep_x').send({ name: 'x' })).status, 401);
    const entries = await entriesAfter(since);
    assert.deepEqual(
      entries.map((e) => [e.type, details(e).response.statusCode, e.client_id]),
      [
        ['fapi', 404, 'test-client'],
        ['fapi', 400, 'test-client'],
        ['fapi', 401, null],
      ],
    );
    assert.equal(entries[0].description, 'Update a token exchange profile');
  });

  it('reads are not logged', async () => {
    const since = await mark();
    const res = await t.api.get('/api/v2/token-exchange-profiles').set('Authorization', await t.bearer('read:token_exchange_profiles'));
    assert.equal(res.status, 200);
    assert.deepEqual(await entriesAfter(since), []);
  });

  it('a key rotation, which commits before it answers, still leaves its sapi', async () => {
    const since = await mark();
    const res = await t.api
      .post('/api/v2/keys/signing/rotate')
      .set('Authorization', await t.bearer('create:signing_keys update:signing_keys'));
    assert.equal(res.status, 201, res.text);
    const entries = await entriesAfter(since);
    assert.deepEqual(
      entries.map((e) => [e.type, e.description, e.client_id]),
      [['sapi', 'Rotate the application signing key', 'test-client']],
    );
    assert.deepEqual(details(entries[0]).response, { statusCode: 201 });
  });

  it('a write whose second statement fails leaves neither its first change nor a sapi, only the fapi', async () => {
    const since = await mark();
    const res = await t.api.post('/api/v2/test-only-logs/second-fails').set('Authorization', await t.bearer('create:organizations'));
    assert.equal(res.status, 500);
    assert.equal(await t.prisma.organization.count({ where: { name: 'rolled-back-org' } }), 0);
    const entries = await entriesAfter(since);
    assert.deepEqual(
      entries.map((e) => [e.type, e.description]),
      [['fapi', 'Create two organizations, the second one failing']],
    );
  });

  it('nested transactions are savepoints: a caught inner failure undoes only itself', async () => {
    const since = await mark();
    const res = await t.api.post('/api/v2/test-only-logs/inner-rollback').set('Authorization', await t.bearer('create:organizations'));
    assert.equal(res.status, 201);
    const { id } = res.body as { id: string };
    const kept = await t.prisma.organization.findUnique({ where: { id } });
    assert.equal(kept?.display_name, 'second');
    assert.equal(await t.prisma.organization.count({ where: { name: 'inner-discarded' } }), 0);
    const entries = await entriesAfter(since);
    assert.equal(entries.length, 1);
    assert.deepEqual(
      (details(entries[0]).changes ?? []).map((c) => [c.table, c.op, (c.after as Record<string, unknown>).display_name]),
      [
        ['organizations', 'insert', null],
        ['organizations', 'update', 'second'],
      ],
    );
  });

  describe('the three core operations', () => {
    it('DELETE of an absent profile still answers 204 with one sapi, whose changes are empty', async () => {
      const since = await mark();
      const res = await t.api
        .delete(`/api/v2/token-exchange-profiles/${newId('tep')}`)
        .set('Authorization', await t.bearer('delete:token_exchange_profiles'));
      assert.equal(res.status, 204);
      const entries = await entriesAfter(since);
      assert.deepEqual(
        entries.map((e) => [e.type, e.client_id, details(e).response, details(e).changes, details(e).changes_total]),
        [['sapi', 'test-client', { statusCode: 204 }, [], 0]],
      );
    });

    it('removing a grant the organization does not hold: 204, one sapi without changes; no organization: 404, one fapi', async () => {
      const organization = await t.factories.organization();
      const grant = await t.factories.clientGrant();
      const bearer = await t.bearer('delete:organization_client_grants');
      let since = await mark();
      const res = await t.api.delete(`/api/v2/organizations/${organization.id}/client-grants/${grant.id}`).set('Authorization', bearer);
      assert.equal(res.status, 204);
      let entries = await entriesAfter(since);
      assert.deepEqual(
        entries.map((e) => [e.type, details(e).changes]),
        [['sapi', []]],
      );
      since = await mark();
      const missing = await t.api.delete(`/api/v2/organizations/${newId('org')}/client-grants/${grant.id}`).set('Authorization', bearer);
      assert.equal(missing.status, 404);
      entries = await entriesAfter(since);
      assert.deepEqual(
        entries.map((e) => [e.type, details(e).response.statusCode]),
        [['fapi', 404]],
      );
    });

    it('a PATCH refused by the unique index (409) changes nothing and leaves only its fapi', async () => {
      const [taken, profile] = [await t.factories.tokenExchangeProfile(), await t.factories.tokenExchangeProfile()];
      const since = await mark();
      const res = await t.api
        .patch(`/api/v2/token-exchange-profiles/${profile.id}`)
        .set('Authorization', await t.bearer('update:token_exchange_profiles'))
        .send({ name: 'would be renamed', subject_token_type: taken.subject_token_type });
      assert.equal(res.status, 409);
      const row = await t.prisma.tokenExchangeProfile.findUnique({ where: { id: profile.id } });
      assert.equal(row?.name, profile.name);
      const entries = await entriesAfter(since);
      assert.deepEqual(
        entries.map((e) => [e.type, details(e).response.statusCode]),
        [['fapi', 409]],
      );
    });

    it('a success that changed nothing is still logged, with no changes', async () => {
      const since = await mark();
      const res = await t.api.post('/api/v2/test-only-logs/writes-nothing').set('Authorization', await t.bearer('create:organizations'));
      assert.equal(res.status, 204);
      const entries = await entriesAfter(since);
      assert.deepEqual(
        entries.map((e) => [e.type, e.description, details(e).response, details(e).changes]),
        [['sapi', 'A write with nothing to change', { statusCode: 204 }, []]],
      );
    });

    it('a write handler without @ManagementWrite() is refused before it runs (500), its refusal logged', async () => {
      const since = await mark();
      const res = await t.api.post('/api/v2/test-only-logs/undeclared').set('Authorization', await t.bearer('create:organizations'));
      assert.equal(res.status, 500);
      assert.equal(await t.prisma.organization.count({ where: { name: 'undeclared-org' } }), 0);
      assert.deepEqual(
        (await entriesAfter(since)).map((e) => [e.type, details(e).response.statusCode]),
        [['fapi', 500]],
      );
    });

    it('a read runs outside any transaction and leaves no entry', async () => {
      const since = await mark();
      const res = await t.api.get('/api/v2/test-only-logs/read').set('Authorization', await t.bearer('create:organizations'));
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { inTransaction: false });
      assert.deepEqual(await entriesAfter(since), []);
    });
  });
});
