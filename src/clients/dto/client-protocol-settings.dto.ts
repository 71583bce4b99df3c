import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { ClientFeatureSettingsDto } from './client-feature-settings.dto.js';

const COMPLIANCE_LEVELS = ['none', 'fapi1_adv_pkj_par', 'fapi1_adv_mtls_par', 'fapi2_sp_pkj_mtls', 'fapi2_sp_mtls_mtls'] as const;

class ClientSessionTransferDelegationDto {
  @ApiProperty({ description: 'Whether delegation (impersonation) access is allowed using Session Transfer Tokens.' })
  @IfPresent()
  @IsBoolean()
  allow_delegated_access?: boolean;

  @ApiProperty({ enum: ['ip', 'asn'], description: 'Device binding enforced for delegation access.' })
  @IfPresent()
  @IsIn(['ip', 'asn'])
  enforce_device_binding?: string;
}

/** Auth0's Native to Web SSO settings (ClientSessionTransferConfiguration): stored, no effect yet. */
class ClientSessionTransferDto {
  @ApiProperty({ description: 'Whether the app can issue a Session Transfer Token through Token Exchange.' })
  @IfPresent()
  @IsBoolean()
  can_create_session_transfer_token?: boolean;

  @ApiProperty({ description: 'Whether revoking the parent refresh token revokes what it issued.' })
  @IfPresent()
  @IsBoolean()
  enforce_cascade_revocation?: boolean;

  @ApiProperty({ type: [String], enum: ['cookie', 'query'], nullable: true, description: 'How a Session Transfer Token may be received.' })
  @IsOptional()
  @IsArray()
  @IsIn(['cookie', 'query'], { each: true })
  allowed_authentication_methods?: string[] | null;

  @ApiProperty({ enum: ['ip', 'asn', 'none'], description: 'Device binding enforced when a Session Transfer Token is used.' })
  @IfPresent()
  @IsIn(['ip', 'asn', 'none'])
  enforce_device_binding?: string;

  @ApiProperty({ description: 'Whether refresh tokens may be issued when authenticating with a Session Transfer Token.' })
  @IfPresent()
  @IsBoolean()
  allow_refresh_token?: boolean;

  @ApiProperty({ description: "Whether refresh tokens of a Native to Web session are tied to that session's lifetime." })
  @IfPresent()
  @IsBoolean()
  enforce_online_refresh_tokens?: boolean;

  @ApiProperty({ type: ClientSessionTransferDelegationDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientSessionTransferDelegationDto)
  // Typed without null so the document reads the class; IsOptional lets null through, as Auth0 does.
  delegation?: ClientSessionTransferDelegationDto;
}

/**
 * Client settings for protocols and integrations the service does not run (SAML/WS-Fed addons,
 * Native to Web SSO, FAPI profiles): accepted as Auth0 accepts them, stored and returned.
 */
export class ClientProtocolSettingsDto extends ClientFeatureSettingsDto {
  @ApiProperty({
    additionalProperties: {},
    description: 'Addons enabled for this client and their associated configurations (aws, samlp, wsfed, ...): stored as given.',
  })
  @IfPresent()
  @IsObject()
  addons?: Record<string, unknown>;

  @ApiProperty({ type: ClientSessionTransferDto, description: 'Native to Web SSO configuration.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientSessionTransferDto)
  session_transfer?: ClientSessionTransferDto;

  @ApiProperty({ enum: COMPLIANCE_LEVELS, description: 'The FAPI compliance level the client follows.' })
  @IfPresent()
  @IsIn(COMPLIANCE_LEVELS)
  compliance_level?: string;
}
