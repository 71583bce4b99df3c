import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';
import type { ActionFailure } from '../action-runtime/action-run.js';
import { TOKEN_EXCHANGE_GRANT } from './token-request.js';

// The token exchange grant's refusals. Auth0 documents only a few of them word for word: the
// deny/reject bodies (the action's own words), `user is blocked` (recorded on Auth0's other grants)
// and the 429 (in limiter). Every wording marked "ours" is our best guess where no recording was found.

const badRequest = (description: string) => new OAuthError(HttpStatus.BAD_REQUEST, 'invalid_request', description);

/** Auth0's wording for a grant the client may not use (as for client_credentials). */
export const exchangeNotAllowed = () =>
  new OAuthError(HttpStatus.FORBIDDEN, 'unauthorized_client', `Grant type '${TOKEN_EXCHANGE_GRANT}' not allowed for the client.`);

// Ours.
export const unsupportedSubjectTokenType = (type: string) => badRequest(`Unsupported subject_token_type: ${type}`);

/** api.access.deny(code, reason): the action's code and reason, as Auth0 answers them. */
export const denied = (code: string, reason: string) => new OAuthError(HttpStatus.BAD_REQUEST, code, reason);

/** api.access.rejectInvalidSubjectToken(reason): Auth0 answers invalid_request with the action's reason. */
export const invalidSubjectToken = (reason: string) => badRequest(reason);

// Ours: Auth0 requires exactly one of setUserById / setUserByConnection.
export const noUserSet = () =>
  badRequest('The custom token exchange action must set a user with api.authentication.setUserById or setUserByConnection.');

// Ours.
export const userNotFound = (userId: string) => badRequest(`User not found: ${userId}`);
export const connectionNotFound = (name: string) => badRequest(`Connection not found: ${name}`);
export const connectionNotEnabled = (name: string) => badRequest(`Connection ${name} is not enabled for the client.`);
export const userNotCreated = (userId: string) => badRequest(`User ${userId} does not exist and creationBehavior is 'none'.`);
export const missingUserId = () => badRequest('setUserByConnection requires user_attributes.user_id.');
// Auth0: "If the user already exists, the following user attributes cannot be updated: email,
// email_verified, phone, phone_verified, username. If these do not match the existing user, an error
// will be returned." The wording is ours.
export const immutableAttribute = (name: string) => badRequest(`Cannot change ${name} of an existing user.`);
export const userConflict = () => badRequest('The user already exists.');

// Ours: an actor_token of type id_token that is not a valid ID token of this tenant for an existing user.
export const invalidActorToken = () => badRequest('Invalid actor_token: not a valid ID token of this tenant.');

/** Auth0's answer for a blocked user on its other grants. */
export const userBlocked = () => new OAuthError(HttpStatus.UNAUTHORIZED, 'unauthorized', 'user is blocked');

// Ours.
export const notAMember = (organization: string) =>
  new OAuthError(HttpStatus.FORBIDDEN, 'access_denied', `User is not a member of the organization ${organization}.`);

// Auth0's own message for an action past its time limit; the other failures' wording is ours.
// A failed action is the tenant's code failing, not the request: 500 server_error, as the Auth0
// docs' example ("throw a server error") implies for an action that throws.
const FAILURES: Record<ActionFailure, string> = {
  error: 'The custom token exchange action failed',
  timeout: 'Script execution time exceeded',
  memory: 'The custom token exchange action exceeded its memory limit',
  crash: 'The custom token exchange action failed',
  not_deployed: 'The action of the token exchange profile is not deployed',
};

export const actionFailed = (failure: ActionFailure, message: string) =>
  new OAuthError(
    HttpStatus.INTERNAL_SERVER_ERROR,
    'server_error',
    failure === 'error' && message ? `${FAILURES.error}: ${message}` : FAILURES[failure],
  );
