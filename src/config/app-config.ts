import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { plainToInstance, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateBy, validateSync } from 'class-validator';
import { Env, ENV_NAMES, IntegerBetween, LOG_LEVELS, type LogLevel } from './env.schema.js';

/** Raised for a bad environment value; main.ts prints its message as the single boot-failure line. */
export class ConfigError extends Error {}

const positive = { message: 'must be a positive integer' };
const milliseconds = { message: 'must be an integer number of milliseconds from 100 to 3600000' };
/** The documented HAProxy check (docs/haproxy.cfg: inter 1s, fall 2, timeout check 1s) notices a failing readiness within 3 s. */
const DEFAULT_DRAIN_DELAY_MS = 3000;
const url = { require_tld: false, protocols: ['http', 'https'], require_protocol: true };
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A hop count from 1 to 10, or a list of addresses, CIDR ranges and proxy-addr's names: what Fastify's trustProxy takes. */
function isTrustProxy(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10;
  return value.split(',').every((part) => {
    const match = /^(?<address>[^/]+)(?:\/(?<prefix>\d{1,3}))?$/.exec(part.trim())?.groups;
    if (!match) return false;
    const { address, prefix } = match as { address: string; prefix?: string };
    if (prefix === undefined && PROXY_NAMES.has(address)) return true;
    const family = isIP(address);
    return family !== 0 && (prefix === undefined || Number(prefix) <= (family === 4 ? 32 : 128));
  });
}

/**
 * The configuration, validated once at boot; nothing else reads process.env. Each setting is one
 * property: the variable it comes from (@Env), its rules (the top one names the failure), its default.
 */
export class AppConfig {
  @Env('PORT')
  @IntegerBetween(0, 65535)
  readonly port: number = 3000;

  /** Unset: localhost:$PORT. */
  @Env('TENANT_DOMAIN')
  @IsOptional()
  @Matches(/^[a-z0-9.-]+(:\d{1,5})?$/i, { message: 'must be a host name with an optional :port' })
  readonly tenantDomain: string;

  @Env('DATABASE_URL')
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// or postgresql:// URL' })
  readonly databaseUrl?: string;

  /** Resolved against the working directory at boot. */
  @Env('DATA_DIR')
  @IsString()
  readonly dataDir: string = '.data';

  @Env('JWKS_URI')
  @IsOptional()
  @IsUrl(url)
  readonly jwksUri?: string;

  /** Unset: https://$TENANT_DOMAIN/. */
  @Env('TOKEN_ISSUER')
  @IsOptional()
  @IsUrl(url)
  readonly tokenIssuer: string;

  /** Unset: https://$TENANT_DOMAIN/api/v2/. */
  @Env('TOKEN_AUDIENCE')
  @IsOptional()
  @IsString()
  readonly tokenAudience: string;

  @Env('RATE_LIMIT_PER_MINUTE')
  @Type(() => Number)
  @IsInt(positive)
  @Min(1, positive)
  readonly rateLimitPerMinute: number = 600;

  @Env('RATE_LIMIT_BURST')
  @Type(() => Number)
  @IsInt(positive)
  @Min(1, positive)
  readonly rateLimitBurst: number = 100;

  @Env('REDIS_URL')
  @IsOptional()
  @Matches(/^redis(s)?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  readonly redisUrl?: string;

  /** Prefix of the rate-limit keys in Redis, so several deployments (or test runs) can share one Redis. */
  @Env('RATE_LIMIT_KEY_PREFIX')
  @Matches(/^[\w:.-]{1,64}$/, { message: 'must be 1-64 letters, digits, or _ : . -' })
  readonly rateLimitKeyPrefix: string = 'ratelimit:';

  // 20, not 10: under 50 concurrent requests a 10-connection pool queues requests; 40 was slower again (bench/NOTES.md).
  @Env('DATABASE_POOL_SIZE')
  @IntegerBetween(1, 200)
  readonly databasePoolSize: number = 20;

  /** Longest wait for a pooled connection, opening a new one included (pg's connectionTimeoutMillis). */
  @Env('DATABASE_CONNECT_TIMEOUT_MS')
  @IntegerBetween(100, 600_000)
  readonly databaseConnectTimeoutMs: number = 5000;

  /**
   * Longest a statement may take: PostgreSQL's statement_timeout, and the same bound on the client
   * side, because a server that stopped answering (frozen, partitioned) never sends its cancel.
   */
  @Env('DATABASE_STATEMENT_TIMEOUT_MS')
  @IntegerBetween(100, 600_000)
  readonly databaseStatementTimeoutMs: number = 10_000;

  /** How long the boot keeps retrying a database it cannot reach before it gives up (0: one attempt). */
  @Env('DATABASE_BOOT_TIMEOUT_MS')
  @IntegerBetween(0, 3_600_000)
  readonly databaseBootTimeoutMs: number = 30_000;

  // 10 s for headers and 30 s for the whole request are generous for bodies of at most 10 kB;
  // 72 s keep-alive (Fastify's default) outlasts the 60 s idle timeout of common load balancers.
  /** How long a client may take to send the request line and headers. */
  @Env('HTTP_HEADERS_TIMEOUT_MS')
  @Type(() => Number)
  @IsInt(milliseconds)
  @Min(100, milliseconds)
  @Max(3_600_000, milliseconds)
  readonly httpHeadersTimeoutMs: number = 10_000;

  /** How long a client may take to send the whole request, body included. */
  @Env('HTTP_REQUEST_TIMEOUT_MS')
  @Type(() => Number)
  @IsInt(milliseconds)
  @Min(100, milliseconds)
  @Max(3_600_000, milliseconds)
  readonly httpRequestTimeoutMs: number = 30_000;

  /** How long an idle keep-alive connection is kept open. */
  @Env('HTTP_KEEP_ALIVE_TIMEOUT_MS')
  @Type(() => Number)
  @IsInt(milliseconds)
  @Min(100, milliseconds)
  @Max(3_600_000, milliseconds)
  readonly httpKeepAliveTimeoutMs: number = 72_000;

  /**
   * SIGTERM: how long the instance keeps serving, readiness failing and every response carrying
   * `Connection: close`, before it stops listening, so a load balancer's health check takes it out
   * first. Unset: 3000 with DATABASE_URL (the documented HAProxy check, `inter 1s fall 2` with a 1 s
   * check timeout, notices within 3 s: docs/deploy.md), 0 with the embedded database, which only
   * ever has one instance (it listens on loopback). SIGINT (Ctrl-C) never waits.
   */
  @Env('SHUTDOWN_DRAIN_DELAY_MS')
  @IsOptional()
  @IntegerBetween(0, 600_000)
  readonly shutdownDrainDelayMs: number;

  /**
   * Which proxies may tell the client's address (X-Forwarded-For): a hop count, or a comma-separated
   * list of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal). Unset:
   * nobody, the header is ignored, since a client could otherwise pick the address its per-address
   * limits are counted under. Behind a load balancer, set it, or every client shares the balancer's address.
   */
  @Env('TRUST_PROXY')
  @IsOptional()
  @ValidateBy(
    { name: 'trustProxy', validator: { validate: isTrustProxy } },
    {
      message: 'must be a hop count (1-10) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    },
  )
  readonly trustProxy?: string;

  /** How long one action execution may run before its process is killed and the request refused. */
  @Env('ACTIONS_TIMEOUT_MS')
  @IntegerBetween(100, 600_000)
  readonly actionsTimeoutMs: number = 5000;

  /** The V8 heap an action's process may use, in MB; past it the process dies and the execution fails. */
  @Env('ACTIONS_MEMORY_MB')
  @IntegerBetween(16, 4096)
  readonly actionsMemoryMb: number = 128;

  /** How many action processes run executions at once (each runs one at a time), started on first use. */
  @Env('ACTIONS_WORKERS')
  @IntegerBetween(1, 64)
  readonly actionsWorkers: number = 2;

  /** Token exchanges an address may have refused by rejectInvalidSubjectToken within the window before it gets 429. */
  @Env('TOKEN_EXCHANGE_INVALID_TOKEN_LIMIT')
  @IntegerBetween(1, 100_000)
  readonly tokenExchangeInvalidTokenLimit: number = 10;

  @Env('TOKEN_EXCHANGE_INVALID_TOKEN_WINDOW_MS')
  @Type(() => Number)
  @IsInt(milliseconds)
  @Min(100, milliseconds)
  @Max(3_600_000, milliseconds)
  readonly tokenExchangeInvalidTokenWindowMs: number = 600_000;

  /** Tenant log entries older than this are pruned. */
  @Env('LOG_RETENTION_DAYS')
  @IntegerBetween(1, 3650)
  readonly logRetentionDays: number = 30;

  @Env('LOG_PRUNE_INTERVAL_MS')
  @Type(() => Number)
  @IsInt(milliseconds)
  @Min(100, milliseconds)
  @Max(3_600_000, milliseconds)
  readonly logPruneIntervalMs: number = 3_600_000;

  /** How often each instance looks for log entries to deliver to the log streams. */
  @Env('LOG_STREAM_POLL_MS')
  @Type(() => Number)
  @IsInt(milliseconds)
  @Min(100, milliseconds)
  @Max(3_600_000, milliseconds)
  readonly logStreamPollMs: number = 1000;

  /** The most entries sent to a sink in one request. */
  @Env('LOG_STREAM_BATCH_SIZE')
  @IntegerBetween(1, 10_000)
  readonly logStreamBatchSize: number = 100;

  @Env('LOG_LEVEL')
  @IsIn(LOG_LEVELS)
  readonly logLevel: LogLevel = 'info';

  // Anything shorter is too easy to guess for the key that guards the signing keys.
  @Env('KEY_ENCRYPTION_SECRET')
  @IsOptional()
  @IsString()
  @MinLength(16)
  readonly keyEncryptionSecret?: string;

  @Env('BOOTSTRAP_CLIENT_ID')
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'must be 8 to 64 letters, digits, _ or -' })
  readonly bootstrapClientId?: string;

  @Env('BOOTSTRAP_CLIENT_SECRET')
  @IsOptional()
  @IsString()
  @MinLength(32)
  readonly bootstrapClientSecret?: string;

  @Env('TLS_CERT_FILE')
  @IsOptional()
  @IsString()
  readonly tlsCertFile?: string;

  @Env('TLS_KEY_FILE')
  @IsOptional()
  @IsString()
  readonly tlsKeyFile?: string;

  /** HTTPS when both TLS files are set (checked to exist at boot). */
  readonly tls?: { certFile: string; keyFile: string };
}

/** Every variable name the service reads, for checks such as the compose-file test. */
export const ENV_VARIABLES = [...ENV_NAMES.values()];

let last: { key: string; config: AppConfig } | undefined;

/**
 * The configuration from `env`. Validated once: main.ts loads it to fail the boot with one line,
 * and ConfigModule, loading the same environment, gets that same instance back.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const raw = Object.fromEntries(ENV_VARIABLES.map((name) => [name, emptyToUndefined(env[name])]));
  const key = JSON.stringify(raw);
  if (last?.key !== key) last = { key, config: validated(raw) };
  return last.config;
}

function validated(raw: Record<string, string | undefined>): AppConfig {
  const config = plainToInstance(AppConfig, raw, { excludeExtraneousValues: true, exposeDefaultValues: true });
  const first = validateSync(config, { forbidUnknownValues: false }).at(0);
  if (first) {
    const name = ENV_NAMES.get(first.property) ?? first.property;
    // class-validator lists failed constraints bottom-up; the top decorator (the type check) is
    // the one to report: "eighty" is "not an integer", not "greater than 65535".
    const reason = Object.values(first.constraints ?? {}).at(-1) ?? 'is invalid';
    const shown = `${name} ${reason.startsWith(`${first.property} `) ? reason.slice(first.property.length + 1) : reason}`;
    // A rejected secret is still someone's secret: it is not echoed into the boot log.
    const got = name.endsWith('_SECRET') ? '(value hidden)' : JSON.stringify(raw[name]);
    throw new ConfigError(`Invalid configuration: ${shown} (got ${got})`);
  }
  // Node lets the request timeout cut the headers wait short; a larger headers timeout would be a silent no-op.
  if (config.httpHeadersTimeoutMs > config.httpRequestTimeoutMs) {
    throw new ConfigError(
      `Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (got ${config.httpHeadersTimeoutMs} and ${config.httpRequestTimeoutMs})`,
    );
  }
  // Until they are resolved here, the derived settings are what the environment gave: possibly unset.
  const unresolved: Partial<Pick<AppConfig, 'tenantDomain' | 'tokenIssuer' | 'tokenAudience' | 'shutdownDrainDelayMs'>> = config;
  const tenantDomain = unresolved.tenantDomain ?? `localhost:${config.port}`;
  return Object.assign(config, {
    tenantDomain,
    dataDir: resolve(config.dataDir),
    tokenIssuer: unresolved.tokenIssuer ?? `https://${tenantDomain}/`,
    tokenAudience: unresolved.tokenAudience ?? `https://${tenantDomain}/api/v2/`,
    tls: tlsFiles(config.tlsCertFile, config.tlsKeyFile),
    shutdownDrainDelayMs: unresolved.shutdownDrainDelayMs ?? (config.databaseUrl ? DEFAULT_DRAIN_DELAY_MS : 0),
  });
}

/** HTTPS needs both files; one without the other is a mistake worth refusing at boot. */
function tlsFiles(certFile?: string, keyFile?: string): AppConfig['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new ConfigError('Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  for (const [name, file] of [
    ['TLS_CERT_FILE', certFile],
    ['TLS_KEY_FILE', keyFile],
  ]) {
    if (!existsSync(file)) throw new ConfigError(`Invalid configuration: ${name} does not exist (got ${JSON.stringify(file)})`);
  }
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
