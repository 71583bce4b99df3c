import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const port = { message: 'must be an integer from 0 to 65535' };
const positive = { message: 'must be a positive integer' };
const poolSize = { message: 'must be an integer from 1 to 200' };
const timeoutMs = { message: 'must be an integer number of milliseconds from 100 to 3600000' };

/** Every environment variable the service reads. Anything else in the environment is ignored. */
export class EnvSchema {
  // One message per variable whatever rule failed: "abc" is not "greater than 65535".
  @IsOptional() @Type(() => Number) @IsInt(port) @Min(0, port) @Max(65535, port)
  PORT?: number;

  @IsOptional() @Matches(/^[a-z0-9.-]+(:\d{1,5})?$/i, { message: 'must be a host name with an optional :port' })
  TENANT_DOMAIN?: string;

  @IsOptional() @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @IsOptional() @IsString()
  DATA_DIR?: string;

  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  JWKS_URI?: string;

  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  TOKEN_ISSUER?: string;

  @IsOptional() @IsString()
  TOKEN_AUDIENCE?: string;

  @IsOptional() @Type(() => Number) @IsInt(positive) @Min(1, positive)
  RATE_LIMIT_PER_MINUTE?: number;

  @IsOptional() @Type(() => Number) @IsInt(positive) @Min(1, positive)
  RATE_LIMIT_BURST?: number;

  /** Prefix of the rate-limit keys in Redis, so several deployments (or test runs) can share one Redis. */
  @IsOptional() @Matches(/^[\w:.-]{1,64}$/, { message: 'must be 1-64 letters, digits, or _ : . -' })
  RATE_LIMIT_KEY_PREFIX?: string;

  @IsOptional() @Matches(/^redis(s)?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional() @Type(() => Number) @IsInt(poolSize) @Min(1, poolSize) @Max(200, poolSize)
  DATABASE_POOL_SIZE?: number;

  @IsOptional() @IsIn(LOG_LEVELS)
  LOG_LEVEL?: LogLevel;

  // Anything shorter is too easy to guess for the key that guards the signing keys.
  @IsOptional() @IsString() @MinLength(16)
  KEY_ENCRYPTION_SECRET?: string;

  @IsOptional() @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'must be 8 to 64 letters, digits, _ or -' })
  BOOTSTRAP_CLIENT_ID?: string;

  @IsOptional() @IsString() @MinLength(32)
  BOOTSTRAP_CLIENT_SECRET?: string;

  @IsOptional() @IsString()
  TLS_CERT_FILE?: string;

  @IsOptional() @IsString()
  TLS_KEY_FILE?: string;

  /** How long a client may take to send the request line and headers. */
  @IsOptional() @Type(() => Number) @IsInt(timeoutMs) @Min(100, timeoutMs) @Max(3_600_000, timeoutMs)
  HTTP_HEADERS_TIMEOUT_MS?: number;

  /** How long a client may take to send the whole request, body included. */
  @IsOptional() @Type(() => Number) @IsInt(timeoutMs) @Min(100, timeoutMs) @Max(3_600_000, timeoutMs)
  HTTP_REQUEST_TIMEOUT_MS?: number;

  /** How long an idle keep-alive connection is kept open. */
  @IsOptional() @Type(() => Number) @IsInt(timeoutMs) @Min(100, timeoutMs) @Max(3_600_000, timeoutMs)
  HTTP_KEEP_ALIVE_TIMEOUT_MS?: number;
}
