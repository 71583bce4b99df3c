import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AuthRejection, authFailureMessage } from './auth-messages.js';
import type { AuthenticatedRequest, Principal } from './principal.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';

/**
 * First guard: verifies the bearer token but does not refuse yet. The refusal is recorded
 * and raised by ScopesGuard, so the rate limiter in between can count the request (and
 * put its headers on the 401) under the caller's identity or address.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext): Promise<boolean> | boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    return super.canActivate(context) as Promise<boolean>;
  }

  override handleRequest<T = Principal>(error: unknown, user: T | false, info: unknown, context: ExecutionContext): T {
    // Anything but a token refusal (say, the database behind a client check) is a server error, not a 401.
    if (error && !(error instanceof AuthRejection)) throw error;
    if (!user) {
      const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
      request.authFailure = authFailureMessage(error ?? info);
    }
    return (user || undefined) as T;
  }
}
