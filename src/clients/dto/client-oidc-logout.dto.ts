import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';

// Auth0's OIDC back-channel logout settings of a client, stored and returned (no logout is sent from here).

class BackchannelLogoutInitiatorsDto {
  @ApiProperty({ description: 'The `mode` property determines the configuration method for enabling initiators.' })
  @IsString()
  @IsIn(['custom', 'all'])
  mode: string;

  @ApiProperty({ description: 'The initiators that trigger a back-channel logout (with mode `custom`).' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  @IsIn(
    [
      'rp-logout',
      'idp-logout',
      'password-changed',
      'session-expired',
      'session-revoked',
      'account-deleted',
      'email-identifier-changed',
      'mfa-phone-unenrolled',
      'account-deactivated',
    ],
    { each: true },
  )
  selected_initiators?: string[];
}

class BackchannelLogoutSessionMetadataDto {
  @ApiProperty({ description: 'Whether session metadata is included in the logout token.' })
  @IfPresent()
  @IsBoolean()
  include?: boolean;
}

export class ClientOidcLogoutDto {
  @ApiProperty({ description: 'Comma-separated list of URLs that are valid to call back from Auth0 for OIDC backchannel logout.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  backchannel_logout_urls?: string[];

  @ApiProperty({ description: 'Configuration for OIDC backchannel logout initiators' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => BackchannelLogoutInitiatorsDto)
  backchannel_logout_initiators?: BackchannelLogoutInitiatorsDto;

  @ApiProperty({ type: BackchannelLogoutSessionMetadataDto, nullable: true, description: 'Session metadata in the logout token.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BackchannelLogoutSessionMetadataDto)
  backchannel_logout_session_metadata?: BackchannelLogoutSessionMetadataDto;
}

/** The deprecated oidc_backchannel_logout Auth0 still takes and answers: oidc_logout's URLs. */
export class ClientOidcBackchannelLogoutDto {
  @ApiProperty({ description: 'Comma-separated list of URLs that are valid to call back from Auth0 for OIDC backchannel logout.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  backchannel_logout_urls?: string[];
}
