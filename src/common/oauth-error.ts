import { HttpStatus } from '@nestjs/common';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'unauthorized_client'
  | 'invalid_grant'
  | 'access_denied'
  | 'unsupported_grant_type'
  | 'too_many_requests'
  | 'too_many_attempts'
  | 'unauthorized'
  | 'server_error'
  // A custom token exchange action's api.access.deny(code, reason) may name any code.
  | (string & {});

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

/**
 * An error of the token endpoint. OAuth clients (the Auth0 SDKs among them) parse RFC 6749
 * §5.2 bodies there, so the error mapper renders this one as `{error, error_description}`
 * instead of the Management API's error body.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: OAuthErrorCode,
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }

  get body(): OAuthErrorBody {
    return { error: this.code, error_description: this.message };
  }
}
