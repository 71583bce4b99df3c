import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ambiguousCredentials, authFailureMessage, isTokenRefusal, unauthorized } from './auth-messages.js';
import { authorizationHeaderCount } from './bearer-credentials.js';
import type { Principal } from './principal.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';

/**
 * First guard: establishes the caller from its one bearer token (JwtStrategy) or refuses the
 * request, 401 with `WWW-Authenticate: Bearer` (400 for two Authorization headers). A refused
 * request still counts against its address's rate limit: the limiter counts every API response
 * its own guard did not see (UnroutedRequestsLimiter), this one included.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext): Promise<boolean> | boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    if (authorizationHeaderCount(context.switchToHttp().getRequest<FastifyRequest>()) > 1) throw ambiguousCredentials();
    return super.canActivate(context) as Promise<boolean>;
  }

  override handleRequest<T = Principal>(error: unknown, user: T | false, info: unknown): T {
    const failure = error ?? info;
    // Anything but a token refusal (say, the database behind a key or client lookup) is a server error, not a 401.
    if (failure && !isTokenRefusal(failure))
      throw failure instanceof Error ? failure : new Error('authentication failed', { cause: failure });
    if (!user) throw unauthorized(authFailureMessage(failure));
    return user;
  }
}
