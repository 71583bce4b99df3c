import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimitStorage } from './rate-limit.storage.js';
import { UnroutedRequestsLimiter } from './unrouted-requests.limiter.js';

/** The token buckets, shared by the API's limit and the token endpoint's failed-attempt limits. */
@Module({
  providers: [RateLimitStorage],
  exports: [RateLimitStorage],
})
export class RateLimitStorageModule {}

/**
 * The API's limit: one RateLimitGuard, registered by AppModule as a global guard and also called
 * for the requests Fastify answers before guards run.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [AppConfig, RateLimitStorage],
      useFactory: (config: AppConfig, storage: RateLimitStorage) => ({
        // limit = the burst; ttl = the ms the whole burst takes to refill at the per-minute rate.
        throttlers: [{ limit: config.rateLimitBurst, ttl: (config.rateLimitBurst * 60_000) / config.rateLimitPerMinute }],
        storage,
      }),
    }),
  ],
  providers: [RateLimitGuard, UnroutedRequestsLimiter],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
