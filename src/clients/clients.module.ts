import { Module } from '@nestjs/common';
import { ClientCredentialsModule } from '../client-credentials/client-credentials.module.js';
import { OrganizationLookupModule } from '../organizations/organization-lookup.js';
import { SigningKeysModule } from '../signing-keys/signing-keys.module.js';
import { AdminBootstrap } from './admin-bootstrap.js';
import { ClientCredentialLinks } from './client-credential-links.js';
import { ClientsController } from './clients.controller.js';
import { ClientsRepository } from './clients.repository.js';
import { ClientsService } from './clients.service.js';
import { GlobalClients } from './global-clients.js';

@Module({
  imports: [OrganizationLookupModule, ClientCredentialsModule, SigningKeysModule],
  controllers: [ClientsController],
  providers: [ClientsService, ClientCredentialLinks, ClientsRepository, GlobalClients, AdminBootstrap],
  exports: [GlobalClients, ClientsRepository],
})
export class ClientsModule {}
