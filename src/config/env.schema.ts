import { applyDecorators } from '@nestjs/common';
import { Expose, Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

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

/** An integer setting from min to max, read from its variable's text: "must be an integer from min to max", whichever rule failed. */
export function IntegerBetween(min: number, max: number): PropertyDecorator {
  const message = { message: `must be an integer from ${min} to ${max}` };
  return applyDecorators(
    Type(() => Number),
    IsInt(message),
    Min(min, message),
    Max(max, message),
  );
}
