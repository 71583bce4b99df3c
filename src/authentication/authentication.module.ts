import { Module } from '@nestjs/common';
import { RateLimitStorageModule } from '../rate-limit/rate-limit.module.js';
import { UsersModule } from '../users/users.module.js';
import { LoginAttemptsLimiter } from './login-attempts.limiter.js';
import { UserCredentials } from './user-credentials.js';

/** How users prove who they are: the password check every sign-in goes through. */
@Module({
  imports: [UsersModule, RateLimitStorageModule],
  providers: [UserCredentials, LoginAttemptsLimiter],
  exports: [UserCredentials],
})
export class AuthenticationModule {}
