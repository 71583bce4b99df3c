import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiOAuth2 } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { BEARER_SCHEME, OAUTH2_SCHEME } from '../openapi/security-schemes.js';
import type { Scope } from './scopes.catalog.js';

export const SCOPES_KEY = 'auth:scopes';

/**
 * The scopes a route accepts (any one suffices, as in Auth0), declared once for both the
 * guard and the OpenAPI security requirements. Every scoped route can answer 401, 403 and
 * 429, so those are documented here rather than on each handler.
 */
export const Scopes = (...scopes: [Scope, ...Scope[]]): MethodDecorator =>
  applyDecorators(
    SetMetadata(SCOPES_KEY, scopes),
    ApiBearerAuth(BEARER_SCHEME),
    ApiOAuth2(scopes, OAUTH2_SCHEME),
    ApiErrors(401, 403, 429),
  );
