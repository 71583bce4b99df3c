import type { PasswordPolicyReport } from '../users/password-policy.js';

/**
 * An answer of /dbconnections/*: Auth0's own error shape there, `{name, code, description,
 * statusCode}` (its SDKs read `code` and `description`), not OAuth's nor the Management API's.
 */
export class DbConnectionError extends Error {
  constructor(readonly body: Record<string, unknown> & { code: string; statusCode: number }) {
    super(typeof body.description === 'string' ? body.description : String(body.message));
  }
}

const badRequest = (code: string, description: string) =>
  new DbConnectionError({ name: 'BadRequestError', code, description, statusCode: 400 });

/** Auth0's answer for a sign-up it refuses without saying why: the user exists, among others (no account enumeration). */
export const invalidSignup = () => badRequest('invalid_signup', 'Invalid sign up');

/** Auth0's PasswordStrengthError, with password-sheriff's rules and the policy in words. */
export const passwordTooWeak = ({ rules, verified, policy }: PasswordPolicyReport) =>
  new DbConnectionError({
    name: 'PasswordStrengthError',
    message: 'Password is too weak',
    code: 'invalid_password',
    description: { rules, verified },
    policy,
    statusCode: 400,
  });

/** Auth0's answer where the connection has disable_signup. */
export const signupDisabled = () => badRequest('operation_not_allowed', 'Signups are not allowed for this connection');

// The wordings below are ours, in the same shape: no recording of Auth0's was found.
export const missingParameter = (name: string) => badRequest('invalid_parameter', `Missing required parameter: ${name}`);
export const invalidParameter = (name: string, expected: string) =>
  badRequest('invalid_parameter', `Invalid parameter: ${name} must be ${expected}`);
export const unknownClient = () => badRequest('invalid_client', 'Unknown client.');
export const unknownConnection = (name: string) => badRequest('invalid_connection', `Connection not found: ${name}`);
export const connectionNotEnabled = () => badRequest('unauthorized', 'Connection is not enabled for this client.');
