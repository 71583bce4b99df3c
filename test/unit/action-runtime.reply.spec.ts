import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readReply } from '../../src/action-runtime/action-reply.js';
import type { ChildMessage } from '../../src/action-runtime/child/protocol.js';

const reply = (fields: Record<string, unknown>) => readReply({ type: 'done', runId: 1, ...fields } as unknown as ChildMessage);

describe("an action process's reply is checked, not trusted", () => {
  it('keeps well-formed commands and cache writes, drops the rest', () => {
    const read = reply({
      ok: true,
      commands: [
        { op: 'authentication.setUserById', user_id: 'u1' },
        { op: 'authentication.setUserById', user_id: 42 },
        {
          op: 'authentication.setUserByConnection',
          connection: 'db',
          attributes: {},
          options: { creationBehavior: 'x', updateBehavior: 'none' },
        },
        { op: 'user.setAppMetadata', key: 'k', value: null },
        { op: 'database.drop' },
        'access.deny',
      ],
      cacheOps: [
        { op: 'set', key: 'k', value: 'v', expires_at: Date.now() + 1000 },
        { op: 'set', key: 'k'.repeat(65), value: 'v', expires_at: Date.now() + 1000 },
        { op: 'set', key: 'k', value: 'v'.repeat(4097), expires_at: Date.now() + 1000 },
        { op: 'set', key: 'k', value: 'v', expires_at: Date.now() + 48 * 3600_000 },
        { op: 'delete', key: 'gone' },
        { op: 'truncate' },
      ],
      logs: ['line', { not: 'a line' }],
    });
    assert.deepEqual(read.commands, [
      { op: 'authentication.setUserById', user_id: 'u1' },
      { op: 'user.setAppMetadata', key: 'k', value: null },
    ]);
    assert.deepEqual(
      read.cacheOps.map((op) => op.op + ':' + op.key),
      ['set:k', 'delete:gone'],
    );
    assert.deepEqual(read.logs, ['line']);
  });

  it('keeps a setActor only with a well-formed actor, as a copy of the claims the check allows', () => {
    const deep = { sub: '1', act: { sub: '2', act: { sub: '3', act: { sub: '4', act: { sub: '5', act: { sub: '6' } } } } } };
    const read = reply({
      ok: true,
      commands: [
        { op: 'authentication.setActor', actor: { sub: 'agent', role: 'support', level: 2, act: { sub: 'tool' } } },
        { op: 'authentication.setActor', actor: { role: 'no sub' } },
        { op: 'authentication.setActor', actor: { sub: 'a', nested: { x: 1 } } },
        { op: 'authentication.setActor', actor: deep },
        { op: 'authentication.setActor' },
      ],
    });
    assert.deepEqual(read.commands, [
      { op: 'authentication.setActor', actor: { sub: 'agent', role: 'support', level: 2, act: { sub: 'tool' } } },
    ]);
  });

  it('reads anything but ok === true as a failure, with a bounded message', () => {
    assert.equal(reply({ ok: 'yes' }).ok, false);
    assert.equal(reply({ ok: false, error: 'x'.repeat(5000) }).error?.length, 1000);
    assert.equal(reply({ ok: false, error: { message: 'object' } }).error, 'The action failed.');
    assert.deepEqual(reply({ ok: true, commands: 'none' }).commands, []);
  });
});
