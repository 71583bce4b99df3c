import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { OrganizationIdParams } from './organization.params.js';

export class OrganizationClientGrantParams extends OrganizationIdParams {
  @ApiProperty({ description: 'ID of the client grant' })
  @IsString()
  grant_id: string;
}
