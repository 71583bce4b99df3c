import { Module } from '@nestjs/common';

/** /organizations/{id}/members. */
@Module({})
export class OrganizationMembersModule {}
