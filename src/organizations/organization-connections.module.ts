import { Module } from '@nestjs/common';

/** /organizations/{id}/enabled_connections and /organizations/{id}/connections. */
@Module({})
export class OrganizationConnectionsModule {}
