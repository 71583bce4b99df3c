import 'reflect-metadata';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Test } from '@nestjs/testing';
import { AppConfig, ConfigError, loadConfig } from '../../src/config/app-config.js';
import { ConfigModule } from '../../src/config/config.module.js';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `a ConfigError, got ${String(error)}`);
    return error.message;
  }
  assert.fail(`no error for ${JSON.stringify(env)}`);
}

const TRUST_PROXY_RULE =
  'TRUST_PROXY must be a hop count (1-10) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal';

describe('loadConfig', () => {
  it('defaults everything from nothing', () => {
    assert.deepEqual(
      // Own properties as a plain object, to compare with a literal.
      Object.assign({}, loadConfig({})),
      {
        port: 3000,
        tenantDomain: 'localhost:3000',
        databaseUrl: undefined,
        dataDir: resolve('.data'),
        jwksUri: undefined,
        tokenIssuer: 'https://localhost:3000/',
        tokenAudience: 'https://localhost:3000/api/v2/',
        rateLimitPerMinute: 600,
        rateLimitBurst: 100,
        redisUrl: undefined,
        rateLimitKeyPrefix: 'ratelimit:',
        databasePoolSize: 20,
        databaseConnectTimeoutMs: 5000,
        databaseStatementTimeoutMs: 10_000,
        databaseBootTimeoutMs: 30_000,
        logLevel: 'info',
        keyEncryptionSecret: undefined,
        mtlsCnameApiKey: undefined,
        bootstrapClientId: undefined,
        bootstrapClientSecret: undefined,
        tlsCertFile: undefined,
        tlsKeyFile: undefined,
        tls: undefined,
        httpHeadersTimeoutMs: 10_000,
        httpRequestTimeoutMs: 30_000,
        httpKeepAliveTimeoutMs: 72_000,
        shutdownDrainDelayMs: 0,
        trustProxy: undefined,
        actionsTimeoutMs: 5000,
        actionsMemoryMb: 128,
        actionsWorkers: 2,
        tokenExchangeInvalidTokenLimit: 10,
        tokenExchangeInvalidTokenWindowMs: 600_000,
        logRetentionDays: 30,
        logPruneIntervalMs: 3_600_000,
        logStreamPollMs: 1000,
        logStreamBatchSize: 100,
        smtpUrl: undefined,
        mailFrom: 'no-reply@localhost',
        mailDir: resolve('.data/mail'),
      },
    );
    assert.ok(loadConfig({}) instanceof AppConfig);
  });

  it('mail: SMTP_URL an smtp(s):// URL; MAIL_FROM an address (default no-reply@ the tenant host); MAIL_DIR under DATA_DIR by default', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Acme <auth@acme.test>',
      TENANT_DOMAIN: 'auth.acme.test',
    });
    assert.deepEqual([config.smtpUrl, config.mailFrom], ['smtps://user:pass@mail.example.com:465', 'Acme <auth@acme.test>']);
    assert.equal(loadConfig({ TENANT_DOMAIN: 'auth.acme.test:8443' }).mailFrom, 'no-reply@auth.acme.test');
    assert.equal(loadConfig({ DATA_DIR: '/var/lib/tma' }).mailDir, '/var/lib/tma/mail');
    assert.equal(loadConfig({ MAIL_DIR: 'outbox' }).mailDir, resolve('outbox'));
    assert.match(
      configError({ SMTP_URL: 'http://mail.example.com' }),
      /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    assert.match(
      configError({ MAIL_FROM: 'not an address' }),
      /^Invalid configuration: MAIL_FROM must be an address, or a name and <address>/,
    );
  });

  it('derives the tenant domain from PORT, and issuer and audience from the domain', () => {
    const fromPort = loadConfig({ PORT: '4000' });
    assert.equal(fromPort.tenantDomain, 'localhost:4000');
    assert.equal(fromPort.tokenIssuer, 'https://localhost:4000/');
    assert.equal(fromPort.tokenAudience, 'https://localhost:4000/api/v2/');
    const fromDomain = loadConfig({ PORT: '4000', TENANT_DOMAIN: 'acme.example.com' });
    assert.equal(fromDomain.tokenIssuer, 'https://acme.example.com/');
    assert.equal(fromDomain.tokenAudience, 'https://acme.example.com/api/v2/');
  });

  it('takes explicit values as given, and resolves DATA_DIR', () => {
    const config = loadConfig({
      PORT: '8080',
      TENANT_DOMAIN: 'acme.example.com',
      DATABASE_URL: 'postgresql://u@db:5432/tenant',
      DATA_DIR: 'var/pg',
      JWKS_URI: 'https://acme.eu.auth0.com/.well-known/jwks.json',
      TOKEN_ISSUER: 'https://acme.eu.auth0.com/',
      TOKEN_AUDIENCE: 'https://acme.eu.auth0.com/api/v2/',
      RATE_LIMIT_PER_MINUTE: '60',
      RATE_LIMIT_BURST: '10',
      REDIS_URL: 'redis://cache:6379',
      RATE_LIMIT_KEY_PREFIX: 'acme:',
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'debug',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.databaseUrl, 'postgresql://u@db:5432/tenant');
    assert.equal(config.dataDir, resolve('var/pg'));
    assert.equal(config.tokenIssuer, 'https://acme.eu.auth0.com/');
    assert.equal(config.tokenAudience, 'https://acme.eu.auth0.com/api/v2/');
    assert.deepEqual([config.rateLimitPerMinute, config.rateLimitBurst, config.databasePoolSize], [60, 10, 20]);
    assert.deepEqual([config.redisUrl, config.rateLimitKeyPrefix, config.logLevel], ['redis://cache:6379', 'acme:', 'debug']);
  });

  it('treats empty values as unset and ignores unrelated variables', () => {
    assert.equal(loadConfig({ PORT: '', LOG_LEVEL: '  ', HOME: '/root', NODE_OPTIONS: 'x' }).port, 3000);
  });

  const bad: [string, string, string][] = [
    ['PORT', 'abc', 'PORT must be an integer from 0 to 65535'],
    ['PORT', '70000', 'PORT must be an integer from 0 to 65535'],
    ['PORT', '-1', 'PORT must be an integer from 0 to 65535'],
    ['PORT', '1.5', 'PORT must be an integer from 0 to 65535'],
    ['TENANT_DOMAIN', 'https://acme.com', 'TENANT_DOMAIN must be a host name with an optional :port'],
    ['DATABASE_URL', 'mysql://db/x', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    ['JWKS_URI', 'not a url', 'JWKS_URI must be a URL address'],
    ['JWKS_URI', 'ftp://host/jwks.json', 'JWKS_URI must be a URL address'],
    ['TOKEN_ISSUER', 'acme', 'TOKEN_ISSUER must be a URL address'],
    ['RATE_LIMIT_PER_MINUTE', '0', 'RATE_LIMIT_PER_MINUTE must be a positive integer'],
    ['RATE_LIMIT_PER_MINUTE', 'many', 'RATE_LIMIT_PER_MINUTE must be a positive integer'],
    ['RATE_LIMIT_BURST', '2.5', 'RATE_LIMIT_BURST must be a positive integer'],
    ['REDIS_URL', 'http://cache', 'REDIS_URL must be a redis:// or rediss:// URL'],
    ['RATE_LIMIT_KEY_PREFIX', 'a b', 'RATE_LIMIT_KEY_PREFIX must be 1-64 letters, digits, or _ : . -'],
    ['DATABASE_POOL_SIZE', '500', 'DATABASE_POOL_SIZE must be an integer from 1 to 200'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of the following values: error, warn, info, debug'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '50', 'DATABASE_CONNECT_TIMEOUT_MS must be an integer from 100 to 600000'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '5s', 'DATABASE_CONNECT_TIMEOUT_MS must be an integer from 100 to 600000'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '0', 'DATABASE_STATEMENT_TIMEOUT_MS must be an integer from 100 to 600000'],
    ['DATABASE_BOOT_TIMEOUT_MS', '-1', 'DATABASE_BOOT_TIMEOUT_MS must be an integer from 0 to 3600000'],
    ['HTTP_HEADERS_TIMEOUT_MS', '99', 'HTTP_HEADERS_TIMEOUT_MS must be an integer number of milliseconds from 100 to 3600000'],
    ['HTTP_REQUEST_TIMEOUT_MS', 'soon', 'HTTP_REQUEST_TIMEOUT_MS must be an integer number of milliseconds from 100 to 3600000'],
    ['SHUTDOWN_DRAIN_DELAY_MS', '-1', 'SHUTDOWN_DRAIN_DELAY_MS must be an integer from 0 to 600000'],
    ['SHUTDOWN_DRAIN_DELAY_MS', '2.5s', 'SHUTDOWN_DRAIN_DELAY_MS must be an integer from 0 to 600000'],
    ['TRUST_PROXY', 'true', TRUST_PROXY_RULE],
    ['TRUST_PROXY', '0', TRUST_PROXY_RULE],
    ['TRUST_PROXY', '11', TRUST_PROXY_RULE],
    ['TRUST_PROXY', '10.0.0.0/33', TRUST_PROXY_RULE],
    ['TRUST_PROXY', 'proxy.internal', TRUST_PROXY_RULE],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '3600001', 'HTTP_KEEP_ALIVE_TIMEOUT_MS must be an integer number of milliseconds from 100 to 3600000'],
  ];
  for (const [name, value, reason] of bad) {
    it(`refuses ${name}=${value} with one line naming it`, () => {
      assert.equal(configError({ [name]: value }), `Invalid configuration: ${reason} (got ${JSON.stringify(value)})`);
    });
  }

  it('takes TRUST_PROXY as a hop count or a list of addresses, ranges and names', () => {
    for (const value of ['1', '10', '10.0.0.5', '10.0.0.0/8, 192.168.1.1', 'loopback,uniquelocal', '::1', 'fd00::/8']) {
      assert.equal(loadConfig({ TRUST_PROXY: value }).trustProxy, value);
    }
  });

  it('takes the database timeouts as given', () => {
    const config = loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '750', DATABASE_STATEMENT_TIMEOUT_MS: '2500', DATABASE_BOOT_TIMEOUT_MS: '0' });
    assert.deepEqual([config.databaseConnectTimeoutMs, config.databaseStatementTimeoutMs, config.databaseBootTimeoutMs], [750, 2500, 0]);
  });

  it('drain window: 3000 ms with an external database (behind a load balancer), 0 with the embedded one, or as given', () => {
    const external = 'postgresql://db.internal/tenant';
    assert.equal(loadConfig({ DATABASE_URL: external }).shutdownDrainDelayMs, 3000);
    assert.equal(loadConfig({}).shutdownDrainDelayMs, 0);
    assert.equal(loadConfig({ DATABASE_URL: external, SHUTDOWN_DRAIN_DELAY_MS: '0' }).shutdownDrainDelayMs, 0);
    assert.equal(loadConfig({ SHUTDOWN_DRAIN_DELAY_MS: '15000' }).shutdownDrainDelayMs, 15_000);
  });

  it('hides a rejected secret', () => {
    assert.equal(
      configError({ KEY_ENCRYPTION_SECRET: 'short' }),
      'Invalid configuration: KEY_ENCRYPTION_SECRET must be longer than or equal to 16 characters (got (value hidden))',
    );
    assert.equal(
      configError({ MTLS_CNAME_API_KEY: 'short' }),
      'Invalid configuration: MTLS_CNAME_API_KEY must be longer than or equal to 32 characters (got (value hidden))',
    );
  });

  it('validates an environment once: loading the same values again gives the same instance', () => {
    const env = { PORT: '4100', LOG_LEVEL: 'warn' };
    const first = loadConfig(env);
    assert.equal(loadConfig({ ...env, HOME: '/elsewhere' }), first);
    assert.notEqual(loadConfig({ ...env, PORT: '4101' }), first);
  });

  it('HTTP timeouts: defaults, explicit values, and a headers timeout above the request timeout refused', () => {
    const defaults = loadConfig({});
    assert.deepEqual(
      [defaults.httpHeadersTimeoutMs, defaults.httpRequestTimeoutMs, defaults.httpKeepAliveTimeoutMs],
      [10_000, 30_000, 72_000],
    );
    const set = loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000' });
    assert.deepEqual([set.httpHeadersTimeoutMs, set.httpRequestTimeoutMs, set.httpKeepAliveTimeoutMs], [500, 1500, 5000]);
    assert.equal(
      configError({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' }),
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (got 20000 and 10000)',
    );
  });

  it('stays on one line for a value containing a newline', () => {
    assert.equal(configError({ LOG_LEVEL: 'info\nerror' }).split('\n').length, 1);
  });
});

describe('ConfigModule', () => {
  it('provides the instance main.ts loaded from process.env, not a second load', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { PORT: '4321', LOG_LEVEL: 'debug' });
      const loaded = loadConfig(process.env);
      const moduleRef = await Test.createTestingModule({ imports: [ConfigModule] }).compile();
      assert.equal(moduleRef.get(AppConfig), loaded);
      await moduleRef.close();
    } finally {
      process.env = saved;
    }
  });
});

describe('boot with a bad configuration', () => {
  it('node dist/src/main.js with PORT=abc exits 1 with one stderr line naming PORT', () => {
    const main = fileURLToPath(new URL('../../src/main.js', import.meta.url));
    const env = { PATH: process.env.PATH ?? '', PORT: 'abc', DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' };
    const result = spawnSync(process.execPath, [main], { env, encoding: 'utf8', timeout: 30_000 });
    assert.equal(result.status, 1, `stderr: ${result.stderr}`);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr, 'Invalid configuration: PORT must be an integer from 0 to 65535 (got "abc")\n');
  });
});
