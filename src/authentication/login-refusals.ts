import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';

/** The tenant log type Auth0 gives each refused sign-in. */
type LoginFailureType = 'fu' | 'fp' | 'f' | 'limit_wc';

/**
 * A sign-in refused on the user's credentials, with the log type Auth0 files it under and the
 * user it named when there is one. The token endpoint answers it as is; a login page shows it.
 */
export class LoginRefusal extends OAuthError {
  constructor(
    status: HttpStatus,
    code: string,
    description: string,
    readonly logType: LoginFailureType,
    readonly userId?: string,
  ) {
    super(status, code, description);
  }
}

// Auth0 answers an unknown user and a wrong password alike, so the answer does not tell which
// accounts exist; only the log entry (fu / fp) does.
const WRONG_CREDENTIALS = 'Wrong email or password.';

export const unknownUser = () => new LoginRefusal(HttpStatus.FORBIDDEN, 'invalid_grant', WRONG_CREDENTIALS, 'fu');

export const wrongPassword = (userId: string) => new LoginRefusal(HttpStatus.FORBIDDEN, 'invalid_grant', WRONG_CREDENTIALS, 'fp', userId);

/** Auth0's answer for a blocked user, as on its other grants. */
export const blockedUser = (userId: string) => new LoginRefusal(HttpStatus.UNAUTHORIZED, 'unauthorized', 'user is blocked', 'f', userId);

/** Brute-force protection's answer (Auth0's wording, as its SDKs record it). */
export const tooManyAttempts = (userId?: string) =>
  new LoginRefusal(
    HttpStatus.TOO_MANY_REQUESTS,
    'too_many_attempts',
    "Your account has been blocked after multiple consecutive login attempts. We've sent you a notification via your preferred contact method with instructions on how to unblock it.",
    'limit_wc',
    userId,
  );
