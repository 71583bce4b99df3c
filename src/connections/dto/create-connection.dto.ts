import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsObject, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IfPresent, IsStringMap } from '../../common/validation/auth0-validators.js';
import { FormBool, FormList } from '../../common/validation/coerce.js';
import {
  ConnectionAuthenticationPurposeDto,
  ConnectionConnectedAccountsPurposeDto,
  CrossAppAccessRequestingAppDto,
  CrossAppAccessResourceAppDto,
} from './connection-purposes.dto.js';
import { CONNECTION_STRATEGIES } from './connection-strategies.js';

/** Auth0's pattern for a connection name: alphanumerics, single hyphens inside. */
const CONNECTION_NAME = /^[a-zA-Z0-9](-[a-zA-Z0-9]|[a-zA-Z0-9])*$/;

const METADATA = { maxProperties: 10, keyLength: [1, 255], valueMaxLength: 255 } satisfies Parameters<typeof IsStringMap>[0];

/** The properties POST and PATCH share; `name` and `strategy` cannot change once created, as in Auth0. */
export class ConnectionSettingsDto {
  @ApiProperty({ description: 'Connection name used in the new universal login experience' })
  @IfPresent()
  @IsString()
  @MaxLength(128)
  display_name?: string;

  // Stored and returned exactly as given, whatever the strategy (passwordPolicy, mfa, ...).
  @ApiProperty({ description: 'The connection options, stored as given.', additionalProperties: {} })
  @IfPresent()
  @IsObject()
  options?: Record<string, unknown>;

  @ApiProperty({
    description: 'DEPRECATED property. Use the PATCH /v2/connections/{id}/clients endpoint to enable the connection for a set of clients.',
  })
  @IfPresent()
  @FormList()
  @IsArray()
  @IsString({ each: true })
  enabled_clients?: string[];

  @ApiProperty({
    description:
      '<code>true</code> promotes to a domain-level connection so that third-party applications can use it. <code>false</code> does not promote the connection, so only first-party applications with the connection enabled can use it. (Defaults to <code>false</code>.)',
  })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  is_domain_connection?: boolean;

  @ApiProperty({
    description:
      'Enables showing a button for the connection in the login page (new experience only). If false, it will be usable only by HRD. (Defaults to <code>false</code>.)',
  })
  @IfPresent()
  @FormBool()
  @IsBoolean()
  show_as_button?: boolean;

  @ApiProperty({
    description:
      'Defines the realms for which the connection will be used (ie: email domains). If the array is empty or the property is not specified, the connection name will be added as realm.',
  })
  @IfPresent()
  @FormList()
  @IsArray()
  @IsString({ each: true })
  realms?: string[];

  @ApiProperty({
    description:
      'Metadata associated with the connection in the form of an object with string values (max 255 chars).  Maximum of 10 metadata properties allowed.',
  })
  @IfPresent()
  @IsObject()
  @IsStringMap(METADATA)
  metadata?: Record<string, string>;

  @ApiProperty({ description: 'Configure the purpose of a connection to be used for authentication during login (stored, no effect yet).' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ConnectionAuthenticationPurposeDto)
  authentication?: ConnectionAuthenticationPurposeDto;

  @ApiProperty({
    description: 'Configure the purpose of a connection to be used for connected accounts and Token Vault (stored, no effect yet).',
  })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ConnectionConnectedAccountsPurposeDto)
  connected_accounts?: ConnectionConnectedAccountsPurposeDto;

  @ApiProperty({ description: 'Cross App Access - Requesting App settings of this connection (stored, no effect yet).' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => CrossAppAccessRequestingAppDto)
  cross_app_access_requesting_app?: CrossAppAccessRequestingAppDto;

  @ApiProperty({ description: 'Cross App Access - Resource App settings of this connection (stored, no effect yet).' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => CrossAppAccessResourceAppDto)
  cross_app_access_resource_app?: CrossAppAccessResourceAppDto;
}

export class CreateConnectionDto extends ConnectionSettingsDto {
  @ApiProperty({
    description:
      "The name of the connection. Must start and end with an alphanumeric character and can only contain alphanumeric characters and '-'. Max length 128",
  })
  @IsString()
  @Length(1, 128)
  @Matches(CONNECTION_NAME)
  name: string;

  @ApiProperty({ description: 'The identity provider identifier for the connection' })
  @IsString()
  @IsIn(CONNECTION_STRATEGIES)
  strategy: (typeof CONNECTION_STRATEGIES)[number];
}
