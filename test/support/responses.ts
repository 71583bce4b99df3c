import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import type { Response } from 'supertest';

/** Asserts the status and the whole error body, exactly. */
export function expectError(res: Response, status: number, errorCode: string, message: string): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  assert.match(res.headers['content-type'], /^application\/json; charset=utf-8$/);
  assert.deepEqual(res.body, { statusCode: status, error: STATUS_CODES[status], message, errorCode });
}

export const Errors = {
  missingAuth: (res: Response) => expectUnauthorized(res, 'Missing authentication'),
  invalidToken: (res: Response) => expectUnauthorized(res, 'Invalid token'),
  expired: (res: Response) => expectUnauthorized(res, 'Expired token received for JSON Web Token validation'),
  badSignature: (res: Response) => expectUnauthorized(res, 'Invalid signature received for JSON Web Token validation'),
  insufficientScope: (res: Response, ...scopes: string[]) =>
    expectError(res, 403, 'insufficient_scope', `Insufficient scope, expected any of: ${scopes.join(', ')}`),
  organizationNotFound: (res: Response) => expectError(res, 404, 'inexistent_organization', 'No organization found by that id or name'),
  profileNotFound: (res: Response) => expectError(res, 404, 'inexistent_token_exchange_profile', 'Token exchange profile not found.'),
  invalidBody: (res: Response, message: string) => expectError(res, 400, 'invalid_body', message),
  invalidQuery: (res: Response, message: string) => expectError(res, 400, 'invalid_query_string', message),
  invalidPaging: (res: Response) => expectError(res, 400, 'invalid_paging', 'Requesting page exceeds the allowed maximum of 1000 records.'),
  clientGrantNotFound: (res: Response) => expectError(res, 404, 'inexistent_client_grant', 'The grant does not exist.'),
};

export function expectUnauthorized(res: Response, message: string): void {
  expectError(res, 401, 'invalid_token', message);
  assert.equal(res.headers['www-authenticate'], 'Bearer');
}

/** Asserts an OAuth 2.0 error (RFC 6749 §5.2) from the token endpoint: status and whole body, exactly. */
export function expectOAuthError(res: Response, status: number, error: string, description: string): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  assert.match(res.headers['content-type'], /^application\/json; charset=utf-8$/);
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.deepEqual(res.body, { error, error_description: description });
}
