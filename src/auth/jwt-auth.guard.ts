import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AuthRejection, authFailureMessage, unauthorized } from './auth-messages.js';
import type { Principal } from './principal.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';

/**
 * First guard: establishes the caller from its bearer token (JwtStrategy) or refuses the
 * request, 401 with `WWW-Authenticate: Bearer`. A refused request still counts against its
 * address's rate limit: the limiter counts every API response its own guard did not see
 * (UnroutedRequestsLimiter), this one included.
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

  override handleRequest<T = Principal>(error: unknown, user: T | false, info: unknown): T {
    // Anything but a token refusal (say, the database behind a client check) is a server error, not a 401.
    if (error && !(error instanceof AuthRejection)) throw error;
    if (!user) throw unauthorized(authFailureMessage(error ?? info));
    return user;
  }
}
