import { ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../auth/principal.js';
import { ApiError } from '../common/api-error.js';

type Refusal = Pick<ThrottlerLimitDetail, 'limit' | 'totalHits' | 'timeToExpire' | 'timeToBlockExpire'>;

/**
 * @nestjs/throttler's guard, counting into Auth0's token buckets (RateLimitStorage). Runs after
 * JwtAuthGuard so the bucket is the caller's client (token `azp`/`sub`), or its address when the
 * token was missing or refused: one bucket per caller for the whole API, as Auth0's global limit.
 * The library decides, skips (@SkipThrottle) and sets the headers; only Auth0's details differ.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /**
   * The same count for a response no route's guards saw (UnroutedRequestsLimiter): by address,
   * under the one throttler RateLimitModule configures; rejects with the 429 when the bucket is empty.
   */
  async countUnrouted(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const [{ name = 'default', limit, ttl }] = this.throttlers;
    // RateLimitModule configures plain numbers, never per-request functions.
    const [max, window] = [limit as number, ttl as number];
    const record = await this.storageService.increment(await this.getTracker(request), window, max, window, name);
    if (record.isBlocked) {
      this.setResponseHeader(reply, 'Retry-After', record.timeToBlockExpire);
      throw this.refusal(reply, { limit: max, ...record });
    }
    this.setLimitHeaders(reply, { limit: max, ...record });
  }

  protected override async getTracker(request: AuthenticatedRequest & { ip: string }): Promise<string> {
    return request.user ? `client:${request.user.clientId}` : `ip:${await super.getTracker(request)}`;
  }

  // One key per caller, whatever the route; the storage adds the configured prefix.
  protected override generateKey(_context: ExecutionContext, tracker: string): string {
    return tracker;
  }

  // Auth0's X-RateLimit-Reset is a UNIX time in seconds; the library sends seconds from now.
  protected override setResponseHeader(res: object, name: string, value: string | number): void {
    super.setResponseHeader(res, name, name === `${this.headerPrefix}-Reset` ? Math.floor(Date.now() / 1000) + Number(value) : value);
  }

  // The library sets only Retry-After on a refusal; Auth0 also sends the X-RateLimit-* headers, and its error body.
  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    return Promise.reject(this.refusal(this.getRequestResponse(context).res, detail));
  }

  private refusal(res: object, detail: Refusal): ApiError {
    this.setLimitHeaders(res, detail);
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Global limit has been reached', {
      'Retry-After': String(detail.timeToBlockExpire),
    });
  }

  /** X-RateLimit-Limit, -Remaining and -Reset, as the library sets them on a routed request. */
  private setLimitHeaders(res: object, detail: Omit<Refusal, 'timeToBlockExpire'>): void {
    this.setResponseHeader(res, `${this.headerPrefix}-Limit`, detail.limit);
    this.setResponseHeader(res, `${this.headerPrefix}-Remaining`, Math.max(0, detail.limit - detail.totalHits));
    this.setResponseHeader(res, `${this.headerPrefix}-Reset`, detail.timeToExpire);
  }
}
