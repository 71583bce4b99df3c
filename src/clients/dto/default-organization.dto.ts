import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsIn, IsString } from 'class-validator';
import { DEFAULT_ORGANIZATION_FLOWS } from '../default-organization.js';

/** Auth0's client.default_organization (v7 SDK ClientDefaultOrganization): both properties required. */
export class ClientDefaultOrganizationDto {
  @ApiProperty({ description: 'The default Organization ID to be used' })
  @IsString()
  organization_id: string;

  @ApiProperty({ description: 'The default Organization usage' })
  @IsArray()
  @IsString({ each: true })
  @IsIn(DEFAULT_ORGANIZATION_FLOWS, { each: true })
  flows: string[];
}
