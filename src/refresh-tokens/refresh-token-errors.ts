import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';

// Auth0's recorded answers of the refresh_token grant (status and wording).

/** Unknown, expired, revoked, another client's, or a reused rotated token. */
export const invalidRefreshToken = () => new OAuthError(HttpStatus.FORBIDDEN, 'invalid_grant', 'Unknown or invalid refresh token.');

export const userGone = () =>
  new OAuthError(HttpStatus.FORBIDDEN, 'invalid_grant', "The refresh_token was generated for a user who doesn't exist anymore.");

export const refreshGrantNotAllowed = () =>
  new OAuthError(HttpStatus.FORBIDDEN, 'unauthorized_client', "Grant type 'refresh_token' not allowed for the client.");
