import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsObject, IsString, MinLength, ValidateIf } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { NullableType } from '../../common/validation/nullable-type.js';
import { IsClientMetadataChanges } from './client-metadata.js';
import { CreateClientDto } from './create-client.dto.js';

/**
 * Properties Auth0's PATCH /clients/{id} lets a caller unset with null (v7 UpdateClientRequestContent,
 * and addons, signed_request_object and oidc_backchannel_logout, which Terraform sends null and Auth0
 * accepts in its recordings).
 * Auth0 also takes null for refresh_token and token_exchange; not here yet.
 */
const UNSETTABLE = [
  'token_endpoint_auth_method',
  'organization_usage',
  'organization_require_behavior',
  'default_organization',
  'client_authentication_methods',
  'session_transfer',
  'compliance_level',
  'addons',
  'signed_request_object',
  'skip_non_verifiable_callback_uri_confirmation_prompt',
  'native_social_login',
  'organization_discovery_methods',
  'par_request_expiry',
  'oidc_backchannel_logout',
  'encryption_key',
  'token_quota',
  'identity_assertion_authorization_grant',
  'anonymous_sessions',
  'fedcm_login',
  'express_configuration',
  'my_organization_configuration',
  'async_approval_notification_channels',
  'token_vault_privileged_access',
] as const;

// client_metadata is checked apart: in a PATCH a key set to null is deleted. Its description is Auth0's (it is in refusals' wording).
const Changes = PartialType(OmitType(CreateClientDto, ['client_metadata', 'resource_server_identifier']), { skipNullProperties: false });

@MinProperties(1)
export class UpdateClientDto extends NullableType(Changes, UNSETTABLE) {
  @ApiProperty({
    description:
      'Metadata associated with the client, in the form of an object with string values (max 255 chars). Maximum of 10 metadata properties allowed.',
  })
  @IfPresent()
  @IsObject()
  @IsClientMetadataChanges()
  client_metadata?: Record<string, string | null>;

  // Auth0 takes "" on a PATCH and unsets the URI (Terraform clears it so); this condition replaces the inherited one.
  @ApiProperty({ description: 'Initiate login uri, must be https' })
  @ValidateIf((_object: object, value: unknown) => value !== undefined && value !== '')
  override initiate_login_uri?: string;

  @ApiProperty({ description: 'The secret used to sign tokens for the client' })
  @IfPresent()
  @IsString()
  @MinLength(1)
  client_secret?: string;
}
