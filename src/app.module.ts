import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { ClsModule } from 'nestjs-cls';
import { ActionRuntimeModule } from './action-runtime/action-runtime.module.js';
import { ActionsModule } from './actions/actions.module.js';
import { AuthModule } from './auth/auth.module.js';
import { JwtAuthGuard } from './auth/jwt-auth.guard.js';
import { ScopesGuard } from './auth/scopes.guard.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { ClientCredentialsModule } from './client-credentials/client-credentials.module.js';
import { ClientGrantsModule } from './client-grants/client-grants.module.js';
import { CommonModule } from './common/common.module.js';
import { AppValidationPipe } from './common/validation/app-validation.pipe.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { transactionsPlugin } from './database/transactions.js';
import { ClientsModule } from './clients/clients.module.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { ConsoleModule } from './console/console.module.js';
import { HealthModule } from './health/health.module.js';
import { LogStreamsModule } from './log-streams/log-streams.module.js';
import { LogsModule } from './logs/logs.module.js';
import { ManagementWritesInterceptor } from './logs/management-writes.interceptor.js';
import { OAuthModule } from './oauth/oauth.module.js';
import { AuthenticationModule } from './authentication/authentication.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { OrganizationsModule } from './organizations/organizations.module.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { ResourceServersModule } from './resource-servers/resource-servers.module.js';
import { RolesModule } from './roles/roles.module.js';
import { SigningKeysModule } from './signing-keys/signing-keys.module.js';
import { TokenExchangeProfilesModule } from './token-exchange-profiles/token-exchange-profiles.module.js';
import { UserBlocksModule } from './user-blocks/user-blocks.module.js';
import { UsersModule } from './users/users.module.js';

@Module({
  imports: [
    ConfigModule,
    CommonModule,
    DatabaseModule,
    // The async context a write's transaction lives in; opened by the transaction itself, so no middleware.
    ClsModule.forRoot({ global: true, plugins: [transactionsPlugin] }),
    AuthModule,
    RateLimitModule,
    HealthModule,
    OrganizationsModule,
    ClientGrantsModule,
    TokenExchangeProfilesModule,
    ClientsModule,
    ClientCredentialsModule,
    ResourceServersModule,
    ConnectionsModule,
    UsersModule,
    UserBlocksModule,
    RolesModule,
    ActionsModule,
    ActionRuntimeModule,
    LogsModule,
    LogStreamsModule,
    SigningKeysModule,
    OAuthModule,
    AuthenticationModule,
    OpenApiModule,
    ConsoleModule,
  ],
  providers: [
    // Order matters: identify the caller (or refuse it: 401), count it, then check its scopes (403).
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useExisting: RateLimitGuard },
    { provide: APP_GUARD, useClass: ScopesGuard },
    { provide: APP_PIPE, useClass: AppValidationPipe },
    // Every management write in one transaction with its log entry.
    { provide: APP_INTERCEPTOR, useExisting: ManagementWritesInterceptor },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class AppModule {}
