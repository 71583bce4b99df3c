/**
 * Auth0's password strength levels for database connections (its password-sheriff presets, as
 * published in the auth0-password-policies package), read from the connection's
 * `options.passwordPolicy`. Absent or unknown means `none`, Auth0's documented default.
 * `options.password_complexity_options.min_length` raises (or lowers) the minimum length.
 */
type Policy = 'none' | 'low' | 'fair' | 'good' | 'excellent';

const MIN_LENGTH: Record<Policy, number> = { none: 1, low: 6, fair: 8, good: 8, excellent: 10 };

// password-sheriff's character groups, with its wording and codes.
const GROUPS = [
  { code: 'lowerCase', message: 'lower case letters (a-z)', test: /[a-z]/ },
  { code: 'upperCase', message: 'upper case letters (A-Z)', test: /[A-Z]/ },
  { code: 'numbers', message: 'numbers (i.e. 0-9)', test: /[0-9]/ },
  { code: 'specialCharacters', message: 'special characters (e.g. !@#$%^&*)', test: /[ !"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/ },
];

interface PasswordOptions {
  passwordPolicy?: unknown;
  password_complexity_options?: { min_length?: unknown };
}

interface Rule {
  message: string;
  code: string;
  format?: (number | string)[];
  items?: { message: string; code: string; verified: boolean }[];
  verified: boolean;
}

/** password-sheriff's account of a password against a policy: each rule and whether it holds, and the policy in words. */
export interface PasswordPolicyReport {
  rules: Rule[];
  verified: boolean;
  /** The rules as Auth0 lists them in its PasswordStrengthError (`policy`). */
  policy: string;
}

function policyOf(options: PasswordOptions): Policy {
  const policy = options.passwordPolicy;
  return typeof policy === 'string' && Object.hasOwn(MIN_LENGTH, policy) ? (policy as Policy) : 'none';
}

/** The password against the connection's policy, rule by rule. */
export function passwordPolicyReport(password: string, connectionOptions: unknown): PasswordPolicyReport {
  const options = (connectionOptions && typeof connectionOptions === 'object' ? connectionOptions : {}) as PasswordOptions;
  const policy = policyOf(options);
  const configured = options.password_complexity_options?.min_length;
  const minLength = typeof configured === 'number' && Number.isInteger(configured) && configured > 0 ? configured : MIN_LENGTH[policy];
  // Counted in characters (code points), as password-sheriff counts a JavaScript string.
  const long = Array.from(password).length >= minLength;
  const rules: Rule[] = [
    minLength === 1
      ? { message: 'Non-empty password required', code: 'lengthAtLeast', verified: long }
      : { message: 'At least %d characters in length', format: [minLength], code: 'lengthAtLeast', verified: long },
  ];
  const items = (groups: typeof GROUPS) => groups.map(({ code, message, test }) => ({ message, code, verified: test.test(password) }));
  if (policy === 'fair') {
    const contains = items(GROUPS.slice(0, 3));
    rules.push({ message: 'Should contain:', code: 'shouldContain', items: contains, verified: contains.every((item) => item.verified) });
  }
  if (policy === 'good' || policy === 'excellent') {
    const contains = items(GROUPS);
    rules.push({
      message: 'Contain at least %d of the following %d types of characters:',
      code: 'containsAtLeast',
      format: [3, 4],
      items: contains,
      verified: contains.filter((item) => item.verified).length >= 3,
    });
  }
  if (policy === 'excellent') {
    rules.push({
      message: 'No more than %d identical characters in a row (e.g., "%s" not allowed)',
      code: 'identicalChars',
      format: [2, 'aaa'],
      verified: !/(.)\1\1/su.test(password),
    });
  }
  return { rules, verified: rules.every((rule) => rule.verified), policy: rules.map(describe).join('\n') };
}

/** True when the password satisfies the connection's policy. */
export function meetsPasswordPolicy(password: string, connectionOptions: unknown): boolean {
  return passwordPolicyReport(password, connectionOptions).verified;
}

function describe(rule: Rule): string {
  let index = 0;
  const line = `* ${rule.message.replace(/%[ds]/g, () => String(rule.format?.[index++]))}`;
  return [line, ...(rule.items ?? []).map((item) => ` * ${item.message}`)].join('\n');
}
