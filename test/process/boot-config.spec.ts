import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServerProcess } from '../support/server-process.js';

describe('the built server with a bad configuration value', () => {
  it('exits 1 with exactly one line, naming the variable, before touching any database', async () => {
    const server = new ServerProcess({ PORT: 'eighty', DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    assert.deepEqual(await server.exited, { code: 1, signal: null });
    assert.deepEqual(
      server.lines.filter((line) => line !== ''),
      ['Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty")'],
    );
  });
});
