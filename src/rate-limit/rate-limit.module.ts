import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config.js';
import { RateLimitStorage } from './rate-limit.storage.js';

@Module({
  providers: [RateLimitStorage],
  exports: [RateLimitStorage],
})
export class RateLimitStorageModule {}

export const RateLimitModule = ThrottlerModule.forRootAsync({
  imports: [RateLimitStorageModule],
  inject: [AppConfig, RateLimitStorage],
  useFactory: (config: AppConfig, storage: RateLimitStorage) => ({
    // limit = burst; ttl = the time the whole burst takes to refill at the per-minute rate.
    throttlers: [{ name: 'default', limit: config.rateLimitBurst, ttl: (config.rateLimitBurst * 60_000) / config.rateLimitPerMinute }],
    storage,
  }),
});
