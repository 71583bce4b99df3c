import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitStorageModule } from '../rate-limit/rate-limit.module.js';
import { SigningKeysModule } from '../signing-keys/signing-keys.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthenticationEvents } from './authentication-events.js';
import { ClientDatabaseConnections } from './dbconnection-request.js';
import { DbConnectionsController } from './dbconnections.controller.js';
import { LoginAttemptsLimiter } from './login-attempts.limiter.js';
import { PasswordResetTicketsRepository } from './password-reset-tickets.repository.js';
import { PasswordResetService } from './password-reset.service.js';
import { SignupService } from './signup.service.js';
import { UserCredentials } from './user-credentials.js';
import { UserinfoController } from './userinfo.controller.js';
import { UserinfoService } from './userinfo.service.js';

/**
 * Auth0's Authentication API for users, apart from the token endpoint: /userinfo, sign-up and
 * password reset requests; and the one password check every sign-in goes through (exported for
 * the token endpoint's password grants).
 */
@Module({
  imports: [UsersModule, ConnectionsModule, RateLimitStorageModule, SigningKeysModule, MailModule],
  controllers: [UserinfoController, DbConnectionsController],
  providers: [
    UserCredentials,
    LoginAttemptsLimiter,
    UserinfoService,
    SignupService,
    PasswordResetService,
    PasswordResetTicketsRepository,
    ClientDatabaseConnections,
    AuthenticationEvents,
  ],
  // The limiter also for the Management API's user blocks, which list and lift what it counts.
  exports: [UserCredentials, LoginAttemptsLimiter],
})
export class AuthenticationModule {}
