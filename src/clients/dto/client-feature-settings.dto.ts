import { TokenQuotaDto } from '../../common/validation/token-quota.dto.js';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsString, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { ClientTokenVaultPrivilegedAccessDto } from './client-authentication-methods.dto.js';
import {
  ClientActiveSwitchDto,
  ClientExpressConfigurationDto,
  ClientFedCmLoginDto,
  ClientMyOrganizationConfigurationDto,
} from './client-feature-objects.dto.js';

/**
 * Client settings for features the service does not run (token quotas, ID-JAG, anonymous
 * sessions, FedCM, Okta express configuration, My Organization, CIBA channels, Token Vault):
 * accepted as Auth0 accepts them, stored and returned.
 */
export class ClientFeatureSettingsDto {
  // Create only (UpdateClientDto leaves it out, as Auth0's PATCH schema does); the API it names is not checked.
  @ApiProperty({ description: 'The identifier of the resource server that this client is linked to.' })
  @IfPresent()
  @IsString()
  resource_server_identifier?: string;

  @ApiProperty({ description: 'The content (HTML, CSS, JS) of the custom login page. (Used on Previews)' })
  @IfPresent()
  @IsString()
  custom_login_page_preview?: string;

  @ApiProperty({ additionalProperties: {}, description: "The client's encryption key (pub, cert, subject): stored as given." })
  @IfPresent()
  @IsObject()
  encryption_key?: Record<string, unknown>;

  @ApiProperty({ type: TokenQuotaDto, description: 'The token quota of this client.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => TokenQuotaDto)
  token_quota?: TokenQuotaDto;

  @ApiProperty({ type: ClientActiveSwitchDto, description: 'Whether the client can exchange ID-JAGs for access tokens.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientActiveSwitchDto)
  identity_assertion_authorization_grant?: ClientActiveSwitchDto;

  @ApiProperty({ type: ClientActiveSwitchDto, description: 'Whether this client is allowed to create anonymous sessions.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientActiveSwitchDto)
  anonymous_sessions?: ClientActiveSwitchDto;

  @ApiProperty({ type: ClientFedCmLoginDto, description: 'FedCM login settings.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientFedCmLoginDto)
  fedcm_login?: ClientFedCmLoginDto;

  @ApiProperty({ enum: ['strict', 'permissive'], description: 'The security mode of a third-party client.' })
  @IfPresent()
  @IsIn(['strict', 'permissive'])
  third_party_security_mode?: string;

  @ApiProperty({ enum: ['allow_always', 'open_redirect_protection'], description: 'How the client handles redirects.' })
  @IfPresent()
  @IsIn(['allow_always', 'open_redirect_protection'])
  redirection_policy?: string;

  @ApiProperty({ type: ClientExpressConfigurationDto, description: 'Okta OIN express configuration.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientExpressConfigurationDto)
  express_configuration?: ClientExpressConfigurationDto;

  @ApiProperty({ type: ClientMyOrganizationConfigurationDto, description: 'My Organization configuration.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientMyOrganizationConfigurationDto)
  my_organization_configuration?: ClientMyOrganizationConfigurationDto;

  @ApiProperty({ type: [String], enum: ['guardian-push', 'email'], description: 'The channels of asynchronous approval notifications.' })
  @IfPresent()
  @IsArray()
  @IsIn(['guardian-push', 'email'], { each: true })
  async_approval_notification_channels?: string[];

  @ApiProperty({ type: ClientTokenVaultPrivilegedAccessDto, description: 'Token Vault privileged access: its public_key credentials.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientTokenVaultPrivilegedAccessDto)
  token_vault_privileged_access?: ClientTokenVaultPrivilegedAccessDto;
}
