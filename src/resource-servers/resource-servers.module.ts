import { Module } from '@nestjs/common';
import { ResourceServerCatalog } from './resource-server-catalog.js';
import { ResourceServersController } from './resource-servers.controller.js';
import { ResourceServersRepository } from './resource-servers.repository.js';
import { ResourceServersService } from './resource-servers.service.js';
import { SigningSecrets } from './signing-secrets.js';

@Module({
  controllers: [ResourceServersController],
  providers: [ResourceServersService, ResourceServersRepository, ResourceServerCatalog, SigningSecrets],
  exports: [ResourceServerCatalog],
})
export class ResourceServersModule {}
