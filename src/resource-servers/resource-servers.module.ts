import { Module } from '@nestjs/common';
import { ResourceServerCatalog } from './resource-server-catalog.js';
import { ResourceServersController } from './resource-servers.controller.js';
import { ResourceServersRepository } from './resource-servers.repository.js';
import { ResourceServersService } from './resource-servers.service.js';

@Module({
  controllers: [ResourceServersController],
  providers: [ResourceServersService, ResourceServersRepository, ResourceServerCatalog],
  exports: [ResourceServerCatalog],
})
export class ResourceServersModule {}
