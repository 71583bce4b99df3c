import { Module } from '@nestjs/common';
import { ClientCredentialsController } from './client-credentials.controller.js';
import { ClientCredentialsRepository } from './client-credentials.repository.js';
import { ClientCredentialsService } from './client-credentials.service.js';

@Module({
  controllers: [ClientCredentialsController],
  providers: [ClientCredentialsService, ClientCredentialsRepository],
  // Clients define and enable credentials through the service; the token endpoint reads them.
  exports: [ClientCredentialsService, ClientCredentialsRepository],
})
export class ClientCredentialsModule {}
