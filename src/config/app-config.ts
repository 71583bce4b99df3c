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
  readonly databasePoolSize: number;
  readonly logLevel: LogLevel;

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
    const reason = Object.values(first.constraints ?? {})[0] ?? 'is invalid';
    const shown = reason.startsWith(first.property) ? reason : `${first.property} ${reason}`;
    throw new ConfigError(`Invalid configuration: ${shown} (got ${JSON.stringify(raw[first.property])})`);
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
    // 20, not 10: under 50 concurrent requests a 10-connection pool queues requests; 40 was slower again (bench/NOTES.md).
    databasePoolSize: parsed.DATABASE_POOL_SIZE ?? 20,
    logLevel: parsed.LOG_LEVEL ?? 'info',
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
  DATABASE_POOL_SIZE = undefined;
  LOG_LEVEL = undefined;
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
