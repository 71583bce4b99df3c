import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';

describe('TLS and issuer configuration', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tma-cfg-'));
    await writeFile(join(dir, 'cert.pem'), 'x');
    await writeFile(join(dir, 'key.pem'), 'x');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('no TLS variables: plain HTTP', () => {
    assert.equal(loadConfig({}).tls, undefined);
  });

  it('both files: HTTPS with their absolute paths', () => {
    assert.deepEqual(loadConfig({ TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem') }).tls, {
      certFile: join(dir, 'cert.pem'),
      keyFile: join(dir, 'key.pem'),
    });
  });

  it('one without the other is refused', () => {
    assert.throws(
      () => loadConfig({ TLS_CERT_FILE: join(dir, 'cert.pem') }),
      new ConfigError('Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together'),
    );
    assert.throws(() => loadConfig({ TLS_KEY_FILE: join(dir, 'key.pem') }), ConfigError);
  });

  it('a missing file is refused, naming it', () => {
    const missing = join(dir, 'nope.pem');
    assert.throws(
      () => loadConfig({ TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: missing }),
      new ConfigError(`Invalid configuration: TLS_KEY_FILE does not exist (got ${JSON.stringify(missing)})`),
    );
  });

  it('a short KEY_ENCRYPTION_SECRET or BOOTSTRAP_CLIENT_SECRET is refused', () => {
    assert.throws(
      () => loadConfig({ KEY_ENCRYPTION_SECRET: 'short' }),
      new ConfigError('Invalid configuration: KEY_ENCRYPTION_SECRET must be longer than or equal to 16 characters (got (value hidden))'),
    );
    assert.throws(
      () => loadConfig({ BOOTSTRAP_CLIENT_SECRET: 'short' }),
      /BOOTSTRAP_CLIENT_SECRET must be longer than or equal to 32 characters/,
    );
    assert.equal(loadConfig({ BOOTSTRAP_CLIENT_ID: 'ci-admin', BOOTSTRAP_CLIENT_SECRET: 'x'.repeat(32) }).bootstrapClientId, 'ci-admin');
  });
});
