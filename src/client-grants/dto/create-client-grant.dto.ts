import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsString, Length } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { FormBool, FormList } from '../../common/validation/coerce.js';
import { DEFAULT_FOR, ORGANIZATION_USAGES, SUBJECT_TYPES, type OrganizationUsage, type SubjectType } from './client-grant-rules.js';

export class CreateClientGrantDto {
  @ApiProperty({ description: 'ID of the client (required unless the grant is a default grant, `default_for`).', required: false })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  client_id?: string;

  @ApiProperty({ description: 'The audience (API identifier) of this client grant' })
  @IsString()
  @Length(1, 600)
  audience: string;

  @ApiProperty({ description: 'Scopes allowed for this client grant.' })
  @IfPresent()
  @FormList()
  @IsArray()
  @IsString({ each: true })
  @Length(1, 280, { each: true })
  scope?: string[];

  @ApiProperty({ description: 'Defines whether organizations can be used with client credentials exchanges for this grant.' })
  @IfPresent()
  @IsString()
  @IsIn(ORGANIZATION_USAGES)
  organization_usage?: OrganizationUsage;

  @ApiProperty({
    description:
      'If enabled, any organization can be used with this grant. If disabled (default), the grant must be explicitly assigned to the desired organizations.',
  })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  allow_any_organization?: boolean;

  @ApiProperty({
    description: 'The type of application access the client grant allows (`client` by default; `user` is stored, no effect yet).',
  })
  @IfPresent()
  @IsString()
  @IsIn(SUBJECT_TYPES)
  subject_type?: SubjectType;

  @ApiProperty({ description: 'Types of authorization_details (RFC 9396) allowed for this client grant (stored, no effect yet).' })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 255, { each: true })
  authorization_details_types?: string[];

  @ApiProperty({
    description:
      'Applies this client grant as the default for all clients in the given group: a third-party client without its own grant for the API uses it.',
  })
  @IfPresent()
  @IsString()
  @IsIn(DEFAULT_FOR)
  default_for?: (typeof DEFAULT_FOR)[number];

  @ApiProperty({ description: 'If enabled, all scopes configured on the resource server are allowed for this grant.' })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  allow_all_scopes?: boolean;
}
