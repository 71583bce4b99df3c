import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsString, Length, Matches, ValidateNested } from 'class-validator';
import { IfPresent, IsStringMap } from '../../common/validation/auth0-validators.js';
import { AddOrganizationConnectionDto } from '../organization-connections.dto.js';
import { OrganizationBrandingDto } from './organization-branding.dto.js';
import { TokenQuotaDto } from '../../common/validation/token-quota.dto.js';
import { THIRD_PARTY_CLIENT_ACCESS } from './organization-settings.dto.js';

export class CreateOrganizationDto {
  @ApiProperty({ description: 'The name of this organization.' })
  @IsString()
  @Length(1, 50)
  @Matches(/^[a-z0-9_-]+$/)
  name: string;

  @ApiProperty({ description: 'Friendly name of this organization.' })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  display_name?: string;

  @ApiProperty({ description: 'Theme defines how to style the login pages.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => OrganizationBrandingDto)
  branding?: OrganizationBrandingDto;

  @ApiProperty({
    description:
      'Metadata associated with the organization, in the form of an object with string values (max 255 chars). Maximum of 25 metadata properties allowed.',
  })
  @IfPresent()
  @IsObject()
  @IsStringMap({ maxProperties: 25, keyLength: [1, 255], valueMaxLength: 255 })
  metadata?: Record<string, string>;

  @ApiProperty({ description: 'Token quota of the organization (stored, no effect yet).' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => TokenQuotaDto)
  token_quota?: TokenQuotaDto;

  @ApiProperty({
    description:
      'Controls whether this organization can be used in user flows with third-party clients. Defaults to `block` (stored, no effect yet).',
  })
  @IfPresent()
  @IsString()
  @IsIn(THIRD_PARTY_CLIENT_ACCESS)
  third_party_client_access?: string;

  @ApiProperty({ description: 'Whether app entitlement is active for this organization (stored, no effect yet).' })
  @IfPresent()
  @IsBoolean()
  is_app_entitlement_active?: boolean;

  @ApiProperty({
    description:
      'Connections that will be enabled for this organization. See POST enabled_connections endpoint for the object format. (Max of 10 connections allowed)',
  })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => AddOrganizationConnectionDto)
  enabled_connections?: AddOrganizationConnectionDto[];
}
