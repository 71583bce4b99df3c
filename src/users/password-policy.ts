/**
 * Auth0's password strength levels for database connections (its password-sheriff presets, as
 * published in the auth0-password-policies package), read from the connection's
 * `options.passwordPolicy`. Absent or unknown means `none`, Auth0's documented default.
 * `options.password_complexity_options.min_length` raises (or lowers) the minimum length.
 */
type Policy = 'none' | 'low' | 'fair' | 'good' | 'excellent';

const MIN_LENGTH: Record<Policy, number> = { none: 1, low: 6, fair: 8, good: 8, excellent: 10 };

const GROUPS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[ !"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/];

interface PasswordOptions {
  passwordPolicy?: unknown;
  password_complexity_options?: { min_length?: unknown };
}

function policyOf(options: PasswordOptions): Policy {
  const policy = options.passwordPolicy;
  return typeof policy === 'string' && Object.hasOwn(MIN_LENGTH, policy) ? (policy as Policy) : 'none';
}

/** True when the password satisfies the connection's policy. */
export function meetsPasswordPolicy(password: string, connectionOptions: unknown): boolean {
  const options = (connectionOptions && typeof connectionOptions === 'object' ? connectionOptions : {}) as PasswordOptions;
  const policy = policyOf(options);
  const configured = options.password_complexity_options?.min_length;
  const minLength = typeof configured === 'number' && Number.isInteger(configured) && configured > 0 ? configured : MIN_LENGTH[policy];
  // Counted in characters (code points), as password-sheriff counts a JavaScript string.
  if (Array.from(password).length < minLength) return false;
  const groups = GROUPS.filter((group) => group.test(password)).length;
  switch (policy) {
    case 'fair':
      return GROUPS.slice(0, 3).every((group) => group.test(password));
    case 'good':
      return groups >= 3;
    case 'excellent':
      return groups >= 3 && !/(.)\1\1/su.test(password);
    default:
      return true;
  }
}
