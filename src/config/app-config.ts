import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvSchema, type LogLevel } from './env.schema.js';

/** Raised for a bad environment value; main.ts prints its message as the single boot-failure line. */
export class ConfigError extends Error {}

/** The validated, defaulted configuration. Built once at boot; nothing else reads process.env. */
export class AppConfig {
  readonly port: number;
  readonly tenantDomain: string;
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly jwksUri?: string;
  readonly tokenIssuer: string;
  readonly tokenAudience: string;
  readonly rateLimitPerMinute: number;
  readonly rateLimitBurst: number;
  readonly redisUrl?: string;
  readonly rateLimitKeyPrefix: string;
  readonly databasePoolSize: number;
  readonly logLevel: LogLevel;
  readonly keyEncryptionSecret?: string;
  readonly bootstrapClientId?: string;
  readonly bootstrapClientSecret?: string;
  readonly tls?: { certFile: string; keyFile: string };
  readonly httpHeadersTimeoutMs: number;
  readonly httpRequestTimeoutMs: number;
  readonly httpKeepAliveTimeoutMs: number;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const raw = Object.fromEntries(
    Object.keys(new EnvSchemaKeys()).map((key) => [key, emptyToUndefined(env[key])]),
  );
  const parsed = plainToInstance(EnvSchema, raw);
  const [first] = validateSync(parsed, { forbidUnknownValues: false });
  if (first) {
    // class-validator lists failed constraints bottom-up; the top decorator (the type check) is
    // the one to report: "eighty" is "not an integer", not "greater than 65535".
    const reason = Object.values(first.constraints ?? {}).at(-1) ?? 'is invalid';
    const shown = reason.startsWith(first.property) ? reason : `${first.property} ${reason}`;
    // A rejected secret is still someone's secret: it is not echoed into the boot log.
    const got = first.property.endsWith('_SECRET') ? '(value hidden)' : JSON.stringify(raw[first.property]);
    throw new ConfigError(`Invalid configuration: ${shown} (got ${got})`);
  }
  const port = parsed.PORT ?? 3000;
  const tenantDomain = parsed.TENANT_DOMAIN ?? `localhost:${port}`;
  return new AppConfig({
    port,
    tenantDomain,
    databaseUrl: parsed.DATABASE_URL,
    dataDir: resolve(parsed.DATA_DIR ?? '.data'),
    jwksUri: parsed.JWKS_URI,
    tokenIssuer: parsed.TOKEN_ISSUER ?? `https://${tenantDomain}/`,
    tokenAudience: parsed.TOKEN_AUDIENCE ?? `https://${tenantDomain}/api/v2/`,
    rateLimitPerMinute: parsed.RATE_LIMIT_PER_MINUTE ?? 600,
    rateLimitBurst: parsed.RATE_LIMIT_BURST ?? 100,
    redisUrl: parsed.REDIS_URL,
    rateLimitKeyPrefix: parsed.RATE_LIMIT_KEY_PREFIX ?? 'ratelimit:',
    // 20, not 10: under 50 concurrent requests a 10-connection pool queues requests; 40 was slower again (bench/NOTES.md).
    databasePoolSize: parsed.DATABASE_POOL_SIZE ?? 20,
    logLevel: parsed.LOG_LEVEL ?? 'info',
    keyEncryptionSecret: parsed.KEY_ENCRYPTION_SECRET,
    bootstrapClientId: parsed.BOOTSTRAP_CLIENT_ID,
    bootstrapClientSecret: parsed.BOOTSTRAP_CLIENT_SECRET,
    tls: tlsFiles(parsed.TLS_CERT_FILE, parsed.TLS_KEY_FILE),
    ...httpTimeouts(parsed),
  });
}

// The schema's property names are the variable names; listing them keeps unrelated
// environment variables out of validation.
class EnvSchemaKeys implements Record<keyof EnvSchema, undefined> {
  PORT = undefined;
  TENANT_DOMAIN = undefined;
  DATABASE_URL = undefined;
  DATA_DIR = undefined;
  JWKS_URI = undefined;
  TOKEN_ISSUER = undefined;
  TOKEN_AUDIENCE = undefined;
  RATE_LIMIT_PER_MINUTE = undefined;
  RATE_LIMIT_BURST = undefined;
  REDIS_URL = undefined;
  RATE_LIMIT_KEY_PREFIX = undefined;
  DATABASE_POOL_SIZE = undefined;
  LOG_LEVEL = undefined;
  KEY_ENCRYPTION_SECRET = undefined;
  BOOTSTRAP_CLIENT_ID = undefined;
  BOOTSTRAP_CLIENT_SECRET = undefined;
  TLS_CERT_FILE = undefined;
  TLS_KEY_FILE = undefined;
  HTTP_HEADERS_TIMEOUT_MS = undefined;
  HTTP_REQUEST_TIMEOUT_MS = undefined;
  HTTP_KEEP_ALIVE_TIMEOUT_MS = undefined;
}

/** HTTPS needs both files; one without the other is a mistake worth refusing at boot. */
function tlsFiles(certFile?: string, keyFile?: string): AppConfig['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new ConfigError('Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  for (const [name, file] of [['TLS_CERT_FILE', certFile], ['TLS_KEY_FILE', keyFile]]) {
    if (!existsSync(file)) throw new ConfigError(`Invalid configuration: ${name} does not exist (got ${JSON.stringify(file)})`);
  }
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) };
}

/**
 * 10 s for headers and 30 s for the whole request are generous for bodies of at most 10 kB;
 * 72 s keep-alive (Fastify's default) outlasts the 60 s idle timeout of common load balancers.
 */
function httpTimeouts(parsed: EnvSchema): Pick<AppConfig, 'httpHeadersTimeoutMs' | 'httpRequestTimeoutMs' | 'httpKeepAliveTimeoutMs'> {
  const httpHeadersTimeoutMs = parsed.HTTP_HEADERS_TIMEOUT_MS ?? 10_000;
  const httpRequestTimeoutMs = parsed.HTTP_REQUEST_TIMEOUT_MS ?? 30_000;
  // Node lets the request timeout cut the headers wait short; a larger headers timeout would be a silent no-op.
  if (httpHeadersTimeoutMs > httpRequestTimeoutMs) {
    throw new ConfigError(
      `Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (got ${httpHeadersTimeoutMs} and ${httpRequestTimeoutMs})`,
    );
  }
  return { httpHeadersTimeoutMs, httpRequestTimeoutMs, httpKeepAliveTimeoutMs: parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 72_000 };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Every variable name the service reads, for checks such as the compose-file test. */
export const ENV_VARIABLES = Object.keys(new EnvSchemaKeys()) as (keyof EnvSchema)[];
