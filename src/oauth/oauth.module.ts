import { Module } from '@nestjs/common';
import { ActionRuntimeModule } from '../action-runtime/action-runtime.module.js';
import { AuthenticationModule } from '../authentication/authentication.module.js';
import { ClientCredentialsModule } from '../client-credentials/client-credentials.module.js';
import { ClientGrantsModule } from '../client-grants/client-grants.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { RateLimitStorageModule } from '../rate-limit/rate-limit.module.js';
import { RefreshTokensModule } from '../refresh-tokens/refresh-tokens.module.js';
import { ResourceServersModule } from '../resource-servers/resource-servers.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { SigningKeysModule } from '../signing-keys/signing-keys.module.js';
import { TokenExchangeProfilesModule } from '../token-exchange-profiles/token-exchange-profiles.module.js';
import { UsersModule } from '../users/users.module.js';
import { ActorIdTokens } from './actor-id-tokens.js';
import { ClientAssertionJtisRepository } from './client-assertion-jtis.repository.js';
import { ClientAssertions } from './client-assertions.js';
import { ClientCertificates } from './client-certificates.js';
import { EdgeCertificates } from './edge-certificate.js';
import { ClientAuthenticator } from './client-authenticator.js';
import { DiscoveryController } from './discovery.controller.js';
import { ExchangeUsers } from './exchange-users.js';
import { FailedAttemptsLimiter } from './failed-attempts.limiter.js';
import { InvalidSubjectTokenLimiter } from './invalid-subject-token.limiter.js';
import { OAuthTokenController } from './oauth-token.controller.js';
import { OrganizationMembershipRepository } from './organization-membership.repository.js';
import { GrantedAudiences } from './granted-audiences.js';
import { GrantOrganizationsRepository } from './grant-organizations.repository.js';
import { OrganizationAccess } from './organization-access.js';
import { PasswordGrant } from './password-grant.service.js';
import { RefreshTokenGrant } from './refresh-token-grant.service.js';
import { RevokeController } from './revoke.controller.js';
import { TokenIssuer } from './token-issuer.service.js';
import { TokenExchangeService } from './token-exchange.service.js';
import { TokenSigning } from './token-signing.js';
import { UserTokens } from './user-tokens.js';

@Module({
  imports: [
    SigningKeysModule,
    RateLimitStorageModule,
    ClientsModule,
    ClientCredentialsModule,
    ClientGrantsModule,
    ResourceServersModule,
    TokenExchangeProfilesModule,
    ActionRuntimeModule,
    UsersModule,
    ConnectionsModule,
    RefreshTokensModule,
    RolesModule,
    AuthenticationModule,
  ],
  controllers: [OAuthTokenController, RevokeController, DiscoveryController],
  providers: [
    TokenIssuer,
    GrantedAudiences,
    OrganizationAccess,
    GrantOrganizationsRepository,
    ClientAuthenticator,
    ClientAssertions,
    ClientCertificates,
    EdgeCertificates,
    ClientAssertionJtisRepository,
    FailedAttemptsLimiter,
    TokenSigning,
    TokenExchangeService,
    InvalidSubjectTokenLimiter,
    ExchangeUsers,
    OrganizationMembershipRepository,
    UserTokens,
    ActorIdTokens,
    RefreshTokenGrant,
    PasswordGrant,
  ],
  // The console's sign-in is a client credentials grant, made without a request to itself.
  exports: [TokenIssuer],
})
export class OAuthModule {}
