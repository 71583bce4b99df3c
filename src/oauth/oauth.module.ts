import { Module } from '@nestjs/common';
import { ClientGrantsModule } from '../client-grants/client-grants.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { RateLimitStorageModule } from '../rate-limit/rate-limit.module.js';
import { ResourceServersModule } from '../resource-servers/resource-servers.module.js';
import { SigningKeysModule } from '../signing-keys/signing-keys.module.js';
import { FailedAttemptsLimiter } from './failed-attempts.limiter.js';
import { OAuthTokenController } from './oauth-token.controller.js';
import { TokenIssuer } from './token-issuer.service.js';

@Module({
  imports: [SigningKeysModule, RateLimitStorageModule, ClientsModule, ClientGrantsModule, ResourceServersModule],
  controllers: [OAuthTokenController],
  providers: [TokenIssuer, FailedAttemptsLimiter],
})
export class OAuthModule {}
