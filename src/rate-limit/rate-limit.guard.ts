import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/principal.js';
import { RATE_LIMIT_CHECKED, setRateLimitHeaders, tooManyRequests } from './rate-limit.policy.js';

type Request = AuthenticatedRequest & { ip: string; [RATE_LIMIT_CHECKED]?: boolean };

/**
 * Runs after JwtAuthGuard so the bucket is the caller's client (token `azp`/`sub`), or its
 * address when the token was missing or refused. One bucket per caller for the whole API,
 * as Auth0's global limit.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  override canActivate(context: ExecutionContext): Promise<boolean> {
    context.switchToHttp().getRequest<Request>()[RATE_LIMIT_CHECKED] = true;
    return super.canActivate(context);
  }

  protected override async getTracker(request: Request): Promise<string> {
    return request.user ? `client:${request.user.clientId}` : `ip:${request.ip}`;
  }

  // The storage adds the configured prefix; one key per caller, whatever the route.
  protected override generateKey(_context: unknown, tracker: string): string {
    return tracker;
  }

  protected override async handleRequest({ context, limit, ttl, throttler, blockDuration, getTracker, generateKey }: ThrottlerRequest): Promise<boolean> {
    const { req, res } = this.getRequestResponse(context) as { req: Request; res: FastifyReply };
    const key = generateKey(context, await getTracker(req, context), throttler.name ?? 'default');
    const record = await this.storageService.increment(key, ttl, limit, blockDuration, throttler.name ?? 'default');
    setRateLimitHeaders(res, limit, record);
    if (record.isBlocked) throw tooManyRequests(record);
    return true;
  }
}
