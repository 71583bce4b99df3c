import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';

// The nested objects of the client features the service stores and returns without acting on
// them (token quotas, FedCM, Okta express configuration, My Organization), as the v7 SDK types them.

/** identity_assertion_authorization_grant and anonymous_sessions: one switch each. */
export class ClientActiveSwitchDto {
  @ApiProperty({ description: 'Whether the feature is on for this client.' })
  @IsBoolean()
  active: boolean;
}

class FedCmLoginGoogleDto {
  @ApiProperty({ description: 'When true, shows the Google FedCM prompt on New Universal Login for this client' })
  @IfPresent()
  @IsBoolean()
  is_enabled?: boolean;
}

export class ClientFedCmLoginDto {
  @ApiProperty({ type: FedCmLoginGoogleDto, nullable: true, description: 'Google FedCM settings.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => FedCmLoginGoogleDto)
  google?: FedCmLoginGoogleDto;
}

class LinkedClientDto {
  @ApiProperty({ description: 'The ID of the linked client.' })
  @IsString()
  client_id: string;
}

/** Okta OIN express configuration; the profiles and clients it names are kept as given. */
export class ClientExpressConfigurationDto {
  @ApiProperty({ description: 'The URI users should bookmark to log in to this application.' })
  @IsString()
  initiate_login_uri_template: string;

  @ApiProperty({ description: 'The ID of the user attribute profile to use for this application.' })
  @IsString()
  user_attribute_profile_id: string;

  @ApiProperty({ description: 'The ID of the connection profile to use for this application.' })
  @IsString()
  connection_profile_id: string;

  @ApiProperty({ description: 'When true, all connections made via express configuration will be enabled for this application.' })
  @IsBoolean()
  enable_client: boolean;

  @ApiProperty({ description: 'When true, all connections made via express configuration will have the associated organization enabled.' })
  @IsBoolean()
  enable_organization: boolean;

  @ApiProperty({ type: [LinkedClientDto], description: 'List of client IDs that are linked to this express configuration.' })
  @IfPresent()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => LinkedClientDto)
  linked_clients?: LinkedClientDto[];

  @ApiProperty({ description: 'The unique identifier for the Okta OIN Express Configuration Client.' })
  @IsString()
  okta_oin_client_id: string;

  @ApiProperty({ description: 'The domain admins are expected to log in via for authenticating for express configuration.' })
  @IsString()
  admin_login_domain: string;

  @ApiProperty({ description: 'The identifier of the published application in the OKTA OIN.' })
  @IfPresent()
  @IsString()
  oin_submission_id?: string;
}

class ThirdPartyClientAccessDto {
  @ApiProperty({ enum: ['block'], description: 'The default third-party client access value.' })
  @IsIn(['block'])
  default_value: string;

  @ApiProperty({ type: [String], enum: ['allow', 'block'], description: 'The allowed third-party client access values.' })
  @IsArray()
  @IsIn(['allow', 'block'], { each: true })
  allowed_values: string[];
}

const MY_ORGANIZATION_STRATEGIES = ['pingfederate', 'adfs', 'waad', 'google-apps', 'okta', 'oidc', 'samlp'];

export class ClientMyOrganizationConfigurationDto {
  @ApiProperty({ description: 'The connection profile ID that this client should validate against.' })
  @IfPresent()
  @IsString()
  connection_profile_id?: string;

  @ApiProperty({ description: 'The user attribute profile ID that this client should validate against.' })
  @IfPresent()
  @IsString()
  user_attribute_profile_id?: string;

  @ApiProperty({ type: [String], enum: MY_ORGANIZATION_STRATEGIES, description: 'The allowed connection strategies.' })
  @IsArray()
  @IsIn(MY_ORGANIZATION_STRATEGIES, { each: true })
  allowed_strategies: string[];

  @ApiProperty({ type: ThirdPartyClientAccessDto, description: 'Third-party client access settings.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ThirdPartyClientAccessDto)
  third_party_client_access?: ThirdPartyClientAccessDto;

  @ApiProperty({ enum: ['allow', 'allow_if_empty'], description: 'The deletion behavior for this client.' })
  @IsIn(['allow', 'allow_if_empty'])
  connection_deletion_behavior: string;

  @ApiProperty({ description: 'The client ID this client uses while creating invitations through My Organization API.' })
  @IfPresent()
  @IsString()
  invitation_landing_client_id?: string;
}
