import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error.js';
import { OAuthError } from '../common/oauth-error.js';
import { AppConfig } from '../config/app-config.js';
import { TokenIssuer } from '../oauth/token-issuer.service.js';
import { CONSOLE_ROUTE } from '../routes.js';
import { ConsoleSessions, SESSION_COOKIE, sameToken, type ConsoleSession } from './console-sessions.js';
import { crossOriginSignIn, csrfRefused, signInRequired } from './console-errors.js';
import type { SignInDto } from './dto/sign-in.dto.js';

/** What the console page may know of its session: who, what it may do, its CSRF token; never the token. */
export interface SessionView {
  client_id: string;
  scopes: string[];
  csrf_token: string;
  expires_at: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Sign-in, the session a request carries, and CSRF. The session cookie is SameSite=Strict, so a
 * cross-site request arrives without it; on top of that, every request that changes something
 * must echo the session's own CSRF token in X-CSRF-Token (a synchronizer token: held server-side,
 * readable only by a same-origin script). Sign-in has no session yet, so it checks Origin instead.
 */
@Injectable()
export class ConsoleAuth {
  constructor(
    private readonly issuer: TokenIssuer,
    private readonly sessions: ConsoleSessions,
    private readonly config: AppConfig,
  ) {}

  /** Exchanges the credentials through the token endpoint's own client credentials grant; Auth0's refusals keep their words. */
  async signIn(credentials: SignInDto, request: FastifyRequest): Promise<{ cookie: string; view: SessionView }> {
    if (!sameOrigin(request)) throw crossOriginSignIn();
    const { response: issued } = await this.issuer
      .issue(
        {
          grant_type: 'client_credentials',
          client_id: credentials.client_id,
          client_secret: credentials.client_secret,
          audience: this.config.tokenAudience,
          scopes: [],
        },
        request.ip,
      )
      .catch((error: unknown) => {
        if (error instanceof OAuthError) throw new ApiError(error.status, error.code, error.message, error.headers);
        throw error;
      });
    const { id, session } = this.sessions.open({
      clientId: credentials.client_id,
      token: issued.access_token,
      scopes: issued.scope ? issued.scope.split(' ') : [],
      expiresAt: Date.now() + issued.expires_in * 1000,
    });
    return { cookie: cookie(id, issued.expires_in, request), view: viewOf(session) };
  }

  /** The request's session, refusing a missing one (401) and, for a change, a missing or wrong CSRF token (403). */
  require(request: FastifyRequest): ConsoleSession {
    const session = this.sessions.find(sessionId(request));
    if (!session) throw signInRequired();
    if (!SAFE_METHODS.has(request.method) && !sameToken(header(request, 'x-csrf-token'), session.csrfToken)) throw csrfRefused();
    return session;
  }

  view(request: FastifyRequest): SessionView {
    return viewOf(this.require(request));
  }

  /** Ends the session here and in the browser. */
  signOut(request: FastifyRequest): string {
    this.require(request);
    const id = sessionId(request);
    if (id) this.sessions.close(id);
    return cookie('', 0, request);
  }
}

function viewOf(session: ConsoleSession): SessionView {
  return {
    client_id: session.clientId,
    scopes: session.scopes,
    csrf_token: session.csrfToken,
    expires_at: new Date(session.expiresAt).toISOString(),
  };
}

function cookie(id: string, maxAgeSeconds: number, request: FastifyRequest): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${id}; Path=/${CONSOLE_ROUTE}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

function sessionId(request: FastifyRequest): string | undefined {
  for (const part of (header(request, 'cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/** A browser sends Origin with every POST; it must name this service (the host the request came to). */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = header(request, 'origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
