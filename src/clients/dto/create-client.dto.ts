import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsObject, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { IfPresent, IsStringMap } from '../../common/validation/auth0-validators.js';
import {
  APP_TYPES,
  GRANT_TYPES,
  ORGANIZATION_REQUIRE_BEHAVIORS,
  ORGANIZATION_USAGES,
  TOKEN_ENDPOINT_AUTH_METHODS,
} from '../client-types.js';
import { ClientJwtConfigurationDto, ClientTokenExchangeDto } from './client-objects.dto.js';
import { CLIENT_METADATA_LIMITS } from './client-metadata.js';
import { ClientDefaultOrganizationDto } from './default-organization.dto.js';
import { ClientAuthenticationMethodsDto, SignedRequestObjectDto } from './client-authentication-methods.dto.js';
import { ClientSettingsDto } from './client-settings.dto.js';
import { ClientOidcBackchannelLogoutDto } from './client-oidc-logout.dto.js';

/** Auth0's POST /clients body: the fields kept as columns here, the others (settings) in the base class. */
export class CreateClientDto extends ClientSettingsDto {
  @ApiProperty({ description: 'Name of this client (min length: 1 character, does not allow `<` or `>`).' })
  @IsString()
  @MinLength(1)
  @Matches(/^[^<>]+$/)
  name: string;

  @ApiProperty({ description: 'Free text description of this client (max length: 140 characters).' })
  @IfPresent()
  @IsString()
  @MaxLength(140)
  description?: string;

  @ApiProperty({ description: 'The type of application this client represents' })
  @IfPresent()
  @IsString()
  @IsIn(APP_TYPES)
  app_type?: string;

  @ApiProperty({ description: 'List of grant types supported for this application.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  @IsIn(GRANT_TYPES, { each: true })
  grant_types?: string[];

  @ApiProperty({ description: 'Defines the requested authentication method for the token endpoint.' })
  @IfPresent()
  @IsString()
  @IsIn(TOKEN_ENDPOINT_AUTH_METHODS)
  token_endpoint_auth_method?: string;

  @ApiProperty({ description: 'Whether this client a first party client or not' })
  @IfPresent()
  @IsBoolean()
  is_first_party?: boolean;

  @ApiProperty({ description: 'Whether this client conforms to strict OIDC specifications (true) or uses legacy features (false).' })
  @IfPresent()
  @IsBoolean()
  oidc_conformant?: boolean;

  @ApiProperty({
    description: 'Comma-separated list of URLs whitelisted for Auth0 to use as a callback to the client after authentication.',
  })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  callbacks?: string[];

  @ApiProperty({
    description: 'Comma-separated list of URLs allowed to make requests from JavaScript to Auth0 API (typically used with CORS).',
  })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  allowed_origins?: string[];

  @ApiProperty({
    description:
      'Comma-separated list of allowed origins for use with Cross-Origin Authentication, Device Flow, and web message response mode.',
  })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  web_origins?: string[];

  @ApiProperty({ description: 'Comma-separated list of URLs that are valid to redirect to after logout from Auth0.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  allowed_logout_urls?: string[];

  @ApiProperty({ description: 'List of allow clients and API ids that are allowed to make delegation requests.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  allowed_clients?: string[];

  @ApiProperty({ description: 'Configuration related to JWTs for the client.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientJwtConfigurationDto)
  jwt_configuration?: ClientJwtConfigurationDto;

  @ApiProperty({
    description:
      'Metadata associated with the client, in the form of an object with string values (max 255 chars). Maximum of 10 metadata properties allowed.',
  })
  @IfPresent()
  @IsObject()
  @IsStringMap(CLIENT_METADATA_LIMITS)
  client_metadata?: Record<string, string>;

  @ApiProperty({ description: 'Configuration for token exchange.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientTokenExchangeDto)
  token_exchange?: ClientTokenExchangeDto;

  @ApiProperty({ description: 'Defines how to proceed during an authentication transaction with regards an organization.' })
  @IfPresent()
  @IsString()
  @IsIn(ORGANIZATION_USAGES)
  organization_usage?: string;

  @ApiProperty({ description: "Defines how to proceed during an authentication transaction when `client.organization_usage: 'require'`." })
  @IfPresent()
  @IsString()
  @IsIn(ORGANIZATION_REQUIRE_BEHAVIORS)
  organization_require_behavior?: string;

  @ApiProperty({ description: 'Defines the default Organization ID and flows' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientDefaultOrganizationDto)
  default_organization?: ClientDefaultOrganizationDto;

  @ApiProperty({
    description:
      'Defines client authentication methods (private_key_jwt, tls_client_auth, self_signed_tls_client_auth); exclusive of token_endpoint_auth_method.',
  })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientAuthenticationMethodsDto)
  client_authentication_methods?: ClientAuthenticationMethodsDto;

  @ApiProperty({ description: 'JWT-secured Authorization Requests (JAR) settings; stored, no effect yet (no /authorize here).' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => SignedRequestObjectDto)
  signed_request_object?: SignedRequestObjectDto;

  @ApiProperty({ deprecated: true, description: 'Configuration for OIDC backchannel logout (deprecated, in favor of oidc_logout)' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientOidcBackchannelLogoutDto)
  oidc_backchannel_logout?: ClientOidcBackchannelLogoutDto;
}
