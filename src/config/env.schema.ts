import { Expose } from 'class-transformer';

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

/** "must be an integer from min to max" for every rule of an integer setting, whichever failed. */
export function integerBetween(min: number, max: number): { message: string } {
  return { message: `must be an integer from ${min} to ${max}` };
}
