import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '../common/api-error.js';
import type { AuthenticatedRequest } from './principal.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';
import { SCOPES_KEY } from './scopes.decorator.js';

/**
 * The refusal of a caller lacking every one of `required`, in the guard's words; services that
 * check a scope beyond the route's (a field that needs more) refuse with it too.
 */
export const insufficientScope = (...required: string[]): ApiError =>
  new ApiError(
    HttpStatus.FORBIDDEN,
    'insufficient_scope',
    // No declared scope: no token can ever be enough (there is no scope list to name).
    required.length ? `Insufficient scope, expected any of: ${required.join(', ')}` : 'Insufficient scope.',
  );

/**
 * Last guard: requires one of the route's scopes from the caller JwtAuthGuard established.
 * A non-public route that declares no scopes is refused: forgetting @Scopes() fails closed.
 */
@Injectable()
export class ScopesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;
    // No caller means no scope: JwtAuthGuard refuses such a request first, and this one would not let it through either.
    const granted = context.switchToHttp().getRequest<AuthenticatedRequest>().user?.scopes;
    const required = this.reflector.get<string[] | undefined>(SCOPES_KEY, context.getHandler()) ?? [];
    if (granted && required.some((scope) => granted.has(scope))) return true;
    throw insufficientScope(...required);
  }
}
