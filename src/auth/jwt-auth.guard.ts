import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ambiguousCredentials, authFailureMessage, isTokenRefusal, unauthorized } from './auth-messages.js';
import { authorizationHeaderCount } from './bearer-credentials.js';
import { JwtStrategy } from './jwt.strategy.js';
import type { AuthenticatedRequest, Principal } from './principal.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';

/**
 * First guard: establishes the caller from its one bearer token (JwtStrategy) or refuses the
 * request, 401 with `WWW-Authenticate: Bearer` (400 for two Authorization headers). A refused
 * request still counts against its address's rate limit: the limiter counts every API response
 * its own guard did not see (UnroutedRequestsLimiter), this one included.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    if (authorizationHeaderCount(request) > 1) throw ambiguousCredentials();
    // A token the strategy verified before is admitted without passport's per-request strategy
    // object and callbacks: they were most of a request's authentication CPU, and they kept each
    // request's objects alive into V8's old generation (docs/performance.md, "Verified-token cache").
    const known = await this.strategy.admitKnown(request).catch((error: unknown) => this.handleRequest(error, false, undefined));
    if (known) {
      request.user = known;
      return true;
    }
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
