import { insufficientScope } from '../auth/scopes.guard.js';
import { badRequest, conflict, notFound } from '../common/api-error.js';

// Auth0's answers for users. Where no recorded traffic was found the wording is the one Auth0's
// documentation and community threads quote; those are marked "unverified" below.
export const userNotFound = () => notFound('inexistent_user', 'The user does not exist.');
export const userExists = () => conflict('auth0_idp_error', 'The user already exists.');
export const connectionNotFound = () => badRequest('inexistent_connection', 'The connection does not exist.');
// Recorded by Auth0 users (community thread 79241): the message carries no reasons. The errorCode
// is unverified (that recording shows none); invalid_password is the Authentication API's code.
export const passwordTooWeak = () => badRequest('invalid_password', 'PasswordStrengthError: Password is too weak');
// Unverified wording, quoted from Auth0 community threads.
export const usernameNotAllowed = () => badRequest('invalid_body', 'Cannot set username for connection without requireUsername');
export const emailTaken = () => badRequest('auth0_idp_error', 'The specified new email already exists');
export const usernameTaken = () => badRequest('auth0_idp_error', 'The specified new username already exists');
export const missingProperty = (name: string) =>
  badRequest('invalid_body', `Payload validation error: 'Missing required property: ${name}'.`);
// Only database connections (strategy auth0) hold users here.
export const connectionNotSupported = () =>
  badRequest('operation_not_supported', 'Users can only be created in database connections (strategy auth0).');
export const appMetadataOnly = () => insufficientScope('update:users');
