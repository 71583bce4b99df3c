import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config.js';
import { bucketSize } from './rate-limit.policy.js';
import { RateLimitStorage } from './rate-limit.storage.js';
import { UnroutedRequestsLimiter } from './unrouted-requests.limiter.js';

@Module({
  providers: [RateLimitStorage, UnroutedRequestsLimiter],
  exports: [RateLimitStorage],
})
export class RateLimitStorageModule {}

export const RateLimitModule = ThrottlerModule.forRootAsync({
  imports: [RateLimitStorageModule],
  inject: [AppConfig, RateLimitStorage],
  useFactory: (config: AppConfig, storage: RateLimitStorage) => ({
    throttlers: [{ name: 'default', ...bucketSize(config) }],
    storage,
  }),
});
