import { IsIn, IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { Env, HttpUrl, IntegerBetween, LOG_LEVELS, Milliseconds, PositiveInteger, TrustProxy, type LogLevel } from './env.schema.js';

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
  @HttpUrl()
  readonly jwksUri?: string;

  /** Unset: https://$TENANT_DOMAIN/. */
  @Env('TOKEN_ISSUER')
  @IsOptional()
  @HttpUrl()
  readonly tokenIssuer: string;

  /** Unset: https://$TENANT_DOMAIN/api/v2/. */
  @Env('TOKEN_AUDIENCE')
  @IsOptional()
  @IsString()
  readonly tokenAudience: string;

  @Env('RATE_LIMIT_PER_MINUTE')
  @PositiveInteger()
  readonly rateLimitPerMinute: number = 600;

  @Env('RATE_LIMIT_BURST')
  @PositiveInteger()
  readonly rateLimitBurst: number = 100;

  @Env('REDIS_URL')
  @IsOptional()
  @Matches(/^redis(s)?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  readonly redisUrl?: string;

  /** Prefix of the rate-limit keys in Redis, so several deployments (or test runs) can share one Redis. */
  @Env('RATE_LIMIT_KEY_PREFIX')
  @Matches(/^[\w:.-]{1,64}$/, { message: 'must be 1-64 letters, digits, or _ : . -' })
  readonly rateLimitKeyPrefix: string = 'ratelimit:';

  // 20, not 10: under 50 concurrent requests a 10-connection pool queues requests; 40 was slower again.
  @Env('DATABASE_POOL_SIZE')
  @IntegerBetween(1, 200)
  readonly databasePoolSize: number = 20;

  /** Longest wait for a pooled connection, opening a new one included (pg's connectionTimeoutMillis). */
  @Env('DATABASE_CONNECT_TIMEOUT_MS')
  @IntegerBetween(100, 600_000)
  readonly databaseConnectTimeoutMs: number = 5000;

  /** Longest a statement may take: PostgreSQL's statement_timeout, and the client's own, as a frozen server sends no cancel. */
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
  @Milliseconds()
  readonly httpHeadersTimeoutMs: number = 10_000;

  /** How long a client may take to send the whole request, body included. */
  @Env('HTTP_REQUEST_TIMEOUT_MS')
  @Milliseconds()
  readonly httpRequestTimeoutMs: number = 30_000;

  /** How long an idle keep-alive connection is kept open. */
  @Env('HTTP_KEEP_ALIVE_TIMEOUT_MS')
  @Milliseconds()
  readonly httpKeepAliveTimeoutMs: number = 72_000;

  /**
   * SIGTERM: how long the instance keeps serving, readiness failing and every response carrying `Connection: close`, before it
   * stops listening, so a load balancer's health check takes it out first. Unset: 3000 with DATABASE_URL (see loadConfig), 0
   * with the embedded database, which only ever has one instance (it listens on loopback). SIGINT (Ctrl-C) never waits.
   */
  @Env('SHUTDOWN_DRAIN_DELAY_MS')
  @IsOptional()
  @IntegerBetween(0, 600_000)
  readonly shutdownDrainDelayMs: number;

  /**
   * Which proxies may tell the client's address (X-Forwarded-For). Unset: nobody, since a client could otherwise pick the
   * address its per-address limits are counted under. Behind a load balancer, set it, or every client shares its address.
   */
  @Env('TRUST_PROXY')
  @IsOptional()
  @TrustProxy()
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
  @Milliseconds()
  readonly tokenExchangeInvalidTokenWindowMs: number = 600_000;

  /** Tenant log entries older than this are pruned. */
  @Env('LOG_RETENTION_DAYS')
  @IntegerBetween(1, 3650)
  readonly logRetentionDays: number = 30;

  @Env('LOG_PRUNE_INTERVAL_MS')
  @Milliseconds()
  readonly logPruneIntervalMs: number = 3_600_000;

  /** How often each instance looks for log entries to deliver to the log streams. */
  @Env('LOG_STREAM_POLL_MS')
  @Milliseconds()
  readonly logStreamPollMs: number = 1000;

  /** The most entries sent to a sink in one request. */
  @Env('LOG_STREAM_BATCH_SIZE')
  @IntegerBetween(1, 10_000)
  readonly logStreamBatchSize: number = 100;

  /** smtp:// or smtps:// with optional user:password@; unset: emails are written as files to MAIL_DIR. */
  @Env('SMTP_URL')
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
  readonly smtpUrl?: string;

  /** The From of the emails the service sends. Unset: no-reply@ the tenant's host name. */
  @Env('MAIL_FROM')
  @IsOptional()
  @Matches(/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/, { message: 'must be an address, or a name and <address>' })
  readonly mailFrom: string;

  /** Without SMTP_URL, each email is written here as an .eml file. Unset: $DATA_DIR/mail. */
  @Env('MAIL_DIR')
  @IsOptional()
  @IsString()
  readonly mailDir: string;

  @Env('LOG_LEVEL')
  @IsIn(LOG_LEVELS)
  readonly logLevel: LogLevel = 'info';

  // Anything shorter is too easy to guess for the key that guards the signing keys.
  @Env('KEY_ENCRYPTION_SECRET')
  @IsOptional()
  @IsString()
  @MinLength(16)
  readonly keyEncryptionSecret?: string;

  /**
   * What the TLS-terminating edge sends as `cname-api-key` beside a client certificate (Auth0's
   * mTLS through the customer edge). Unset, client certificate headers are not read.
   */
  @Env('MTLS_CNAME_API_KEY')
  @IsOptional()
  @IsString()
  @MinLength(32)
  readonly mtlsCnameApiKey?: string;

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
