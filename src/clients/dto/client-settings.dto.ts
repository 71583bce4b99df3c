import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IfPresent, IsUri } from '../../common/validation/auth0-validators.js';
import { ClientMobileDto, ClientNativeSocialLoginDto, ClientRefreshTokenDto } from './client-objects.dto.js';
import { ClientOidcLogoutDto } from './client-oidc-logout.dto.js';
import { ClientProtocolSettingsDto } from './client-protocol-settings.dto.js';

/**
 * The Auth0 client fields kept in the `settings` column, exactly as accepted: nothing here reads
 * them, they are stored and returned. Each is listed in SETTINGS_KEYS so the service can split a
 * body into columns and settings.
 */
export class ClientSettingsDto extends ClientProtocolSettingsDto {
  @ApiProperty({ description: 'URL of the logo to display for this client. Recommended size is 150x150 pixels.' })
  @IfPresent()
  @IsString()
  @MaxLength(2048)
  @IsUri()
  logo_uri?: string;

  @ApiProperty({ description: 'List of audiences/realms for SAML protocol. Used by the wsfed addon.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  client_aliases?: string[];

  @ApiProperty({
    description:
      'Applies only to SSO clients and determines whether Auth0 will handle Single Sign On (true) or whether the Identity Provider will (false).',
  })
  @IfPresent()
  @IsBoolean()
  sso?: boolean;

  @ApiProperty({ description: '<code>true</code> to disable Single Sign On, <code>false</code> otherwise (default: <code>false</code>)' })
  @IfPresent()
  @IsBoolean()
  sso_disabled?: boolean;

  @ApiProperty({
    description:
      'Whether this client can be used to make cross-origin authentication requests (true) or it is not allowed to make such requests (false).',
  })
  @IfPresent()
  @IsBoolean()
  cross_origin_authentication?: boolean;

  @ApiProperty({
    description: 'URL of the location in your site where the cross origin verification takes place for the cross-origin auth flow.',
  })
  @IfPresent()
  @IsString()
  @IsUri()
  cross_origin_loc?: string;

  @ApiProperty({
    description: '<code>true</code> if the custom login page is to be used, <code>false</code> otherwise. Defaults to <code>true</code>',
  })
  @IfPresent()
  @IsBoolean()
  custom_login_page_on?: boolean;

  @ApiProperty({ description: 'The content (HTML, CSS, JS) of the custom login page.' })
  @IfPresent()
  @IsString()
  custom_login_page?: string;

  @ApiProperty({ description: 'HTML form template to be used for WS-Federation.' })
  @IfPresent()
  @IsString()
  form_template?: string;

  @ApiProperty({ description: 'Initiate login uri, must be https' })
  @IfPresent()
  @IsString()
  @IsUri()
  initiate_login_uri?: string;

  @ApiProperty({
    description:
      "If true, trust that the IP specified in the `auth0-forwarded-for` header is the end-user's IP for brute-force-protection on token endpoint.",
  })
  @IfPresent()
  @IsBoolean()
  is_token_endpoint_ip_header_trusted?: boolean;

  @ApiProperty({ description: 'Makes the use of Pushed Authorization Requests mandatory for this client' })
  @IfPresent()
  @IsBoolean()
  require_pushed_authorization_requests?: boolean;

  @ApiProperty({ description: 'Makes the use of Proof-of-Possession mandatory for this client' })
  @IfPresent()
  @IsBoolean()
  require_proof_of_possession?: boolean;

  @ApiProperty({ description: 'Skips the confirmation prompt for non-verifiable callback URIs.' })
  @IfPresent()
  @IsBoolean()
  skip_non_verifiable_callback_uri_confirmation_prompt?: boolean;

  @ApiProperty({ description: 'Specifies how long, in seconds, a Pushed Authorization Request URI remains valid' })
  @IfPresent()
  @IsInt()
  @Min(5)
  @Max(600)
  par_request_expiry?: number;

  @ApiProperty({ description: 'Defines the available methods for organization discovery during the `pre_login_prompt`.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  @IsIn(['email', 'organization_name'], { each: true })
  organization_discovery_methods?: string[];

  @ApiProperty({ description: 'Additional configuration for native mobile apps.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientMobileDto)
  mobile?: ClientMobileDto;

  @ApiProperty({ description: 'Configure native social settings' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientNativeSocialLoginDto)
  native_social_login?: ClientNativeSocialLoginDto;

  @ApiProperty({ description: 'Refresh token configuration' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientRefreshTokenDto)
  refresh_token?: ClientRefreshTokenDto;

  @ApiProperty({ description: 'Configuration for OIDC backchannel logout' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientOidcLogoutDto)
  oidc_logout?: ClientOidcLogoutDto;
}

// Listing a key the class lacks, or leaving one of its keys out (it would be dropped on write), does not compile.
const everyKey = <const K extends readonly (keyof ClientSettingsDto)[]>(
  keys: K & ([Exclude<keyof ClientSettingsDto, K[number]>] extends [never] ? unknown : never),
): K => keys;

export const SETTINGS_KEYS = everyKey([
  'logo_uri',
  'client_aliases',
  'sso',
  'sso_disabled',
  'cross_origin_authentication',
  'cross_origin_loc',
  'custom_login_page_on',
  'custom_login_page',
  'form_template',
  'initiate_login_uri',
  'is_token_endpoint_ip_header_trusted',
  'require_pushed_authorization_requests',
  'require_proof_of_possession',
  'skip_non_verifiable_callback_uri_confirmation_prompt',
  'par_request_expiry',
  'organization_discovery_methods',
  'mobile',
  'native_social_login',
  'refresh_token',
  'oidc_logout',
  'addons',
  'session_transfer',
  'compliance_level',
  'resource_server_identifier',
  'custom_login_page_preview',
  'encryption_key',
  'token_quota',
  'identity_assertion_authorization_grant',
  'anonymous_sessions',
  'fedcm_login',
  'third_party_security_mode',
  'redirection_policy',
  'express_configuration',
  'my_organization_configuration',
  'async_approval_notification_channels',
  'token_vault_privileged_access',
]);
