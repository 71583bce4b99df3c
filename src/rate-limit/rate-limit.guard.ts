import { HttpStatus, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../common/api-error.js';
import type { AuthenticatedRequest } from '../auth/principal.js';

/**
 * Runs after JwtAuthGuard so the bucket is the caller's client (token `azp`/`sub`), or its
 * address when the token was missing or refused. One bucket per caller for the whole API,
 * as Auth0's global limit.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async getTracker(request: AuthenticatedRequest & { ip: string }): Promise<string> {
    return request.user ? `client:${request.user.clientId}` : `ip:${request.ip}`;
  }

  // The storage adds the configured prefix; one key per caller, whatever the route.
  protected override generateKey(_context: unknown, tracker: string): string {
    return tracker;
  }

  protected override async handleRequest({ context, limit, ttl, throttler, blockDuration, getTracker, generateKey }: ThrottlerRequest): Promise<boolean> {
    const { req, res } = this.getRequestResponse(context) as { req: AuthenticatedRequest & { ip: string }; res: FastifyReply };
    const key = generateKey(context, await getTracker(req, context), throttler.name ?? 'default');
    const record = await this.storageService.increment(key, ttl, limit, blockDuration, throttler.name ?? 'default');
    const nowSeconds = Math.floor(Date.now() / 1000);
    res.header('X-RateLimit-Limit', String(limit));
    res.header('X-RateLimit-Remaining', String(Math.max(0, limit - record.totalHits)));
    res.header('X-RateLimit-Reset', String(nowSeconds + record.timeToExpire));
    if (record.isBlocked) {
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Global limit has been reached', {
        'Retry-After': String(record.timeToBlockExpire),
      });
    }
    return true;
  }
}
