import { isIP } from 'node:net';
import { applyDecorators } from '@nestjs/common';
import { Expose, Type } from 'class-transformer';
import { IsInt, IsUrl, Max, Min, ValidateBy } from 'class-validator';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Config property name → the environment variable it is read from, filled by @Env. */
export const ENV_NAMES = new Map<string, string>();

/**
 * Reads the property from environment variable `name` (class-transformer's @Expose, as designed
 * for renaming), and records the name so messages and ENV_VARIABLES speak in variable names.
 */
export function Env(name: string): PropertyDecorator {
  return (target, property) => {
    ENV_NAMES.set(String(property), name);
    Expose({ name })(target, property);
  };
}

/**
 * An integer setting from min to max, read from its variable's text. One message whichever rule
 * failed: by default "must be an integer from min to max".
 */
export function IntegerBetween(min: number, max: number, message = `must be an integer from ${min} to ${max}`): PropertyDecorator {
  return applyDecorators(
    Type(() => Number),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}

/** A duration in milliseconds, from 100 ms to an hour. */
export function Milliseconds(): PropertyDecorator {
  return IntegerBetween(100, 3_600_000, 'must be an integer number of milliseconds from 100 to 3600000');
}

/** An integer of at least 1, with no upper bound. */
export function PositiveInteger(): PropertyDecorator {
  const message = { message: 'must be a positive integer' };
  return applyDecorators(
    Type(() => Number),
    IsInt(message),
    Min(1, message),
  );
}

/** An http:// or https:// URL; a host without a dot (localhost, a compose service) is fine. */
export function HttpUrl(): PropertyDecorator {
  return IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true });
}

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
 * Which proxies Fastify trusts for X-Forwarded-For: a hop count, or a comma-separated list of
 * addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export function TrustProxy(): PropertyDecorator {
  return ValidateBy(
    { name: 'trustProxy', validator: { validate: isTrustProxy } },
    {
      message: 'must be a hop count (1-10) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    },
  );
}
