import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every environment variable the service reads. Anything else in the environment is ignored. */
export class EnvSchema {
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(65535)
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

  @IsOptional() @Type(() => Number) @IsInt() @Min(1)
  RATE_LIMIT_PER_MINUTE?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1)
  RATE_LIMIT_BURST?: number;

  @IsOptional() @Matches(/^redis(s)?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200)
  DATABASE_POOL_SIZE?: number;

  @IsOptional() @IsIn(LOG_LEVELS)
  LOG_LEVEL?: LogLevel;
}
