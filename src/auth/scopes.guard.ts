import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '../common/api-error.js';
import { AuthMessage } from './auth-messages.js';
import type { AuthenticatedRequest } from './principal.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';
import { SCOPES_KEY } from './scopes.decorator.js';

export const unauthorized = (message: string): ApiError =>
  new ApiError(HttpStatus.UNAUTHORIZED, 'invalid_token', message, { 'WWW-Authenticate': 'Bearer' });

/**
 * Last guard: raises the 401 the JWT guard recorded, then requires one of the route's
 * scopes. A non-public route that declares no scopes is refused: forgetting @Scopes()
 * fails closed.
 */
@Injectable()
export class ScopesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.user) throw unauthorized(request.authFailure ?? AuthMessage.missing);
    const required = this.reflector.get<string[] | undefined>(SCOPES_KEY, context.getHandler()) ?? [];
    if (required.some((scope) => request.user!.scopes.has(scope))) return true;
    // No declared scope: no token can ever be enough (there is no scope list to name).
    const message = required.length ? `Insufficient scope, expected any of: ${required.join(', ')}` : 'Insufficient scope.';
    throw new ApiError(HttpStatus.FORBIDDEN, 'insufficient_scope', message);
  }
}
