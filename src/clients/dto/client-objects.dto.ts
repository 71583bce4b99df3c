import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { ClientRefreshTokenPolicyDto } from './client-refresh-token-policy.dto.js';

// The nested objects of Auth0's client, each with the properties Auth0 documents for it (v7
// SDK types). Unknown properties inside them are refused, as at the top level.

export class ClientJwtConfigurationDto {
  @ApiProperty({ description: 'Number of seconds the JWT will be valid for (affects `exp` claim).' })
  @IfPresent()
  @IsInt()
  lifetime_in_seconds?: number;

  @ApiProperty({ description: 'Whether the client secret is base64 encoded (true) or unencoded (false).' })
  @IfPresent()
  @IsBoolean()
  secret_encoded?: boolean;

  @ApiProperty({ description: 'Algorithm used to sign JWTs. Can be `HS256` or `RS256`. `PS256` available via addon.' })
  @IfPresent()
  @IsString()
  @IsIn(['HS256', 'RS256', 'RS512', 'PS256'])
  alg?: string;

  @ApiProperty({ description: 'Configuration related to id token claims for the client.', additionalProperties: {} })
  @IfPresent()
  @IsObject()
  scopes?: Record<string, unknown>;
}

export class ClientTokenExchangeDto {
  @ApiProperty({ description: 'List the enabled token exchange types for this client.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  @IsIn(['custom_authentication', 'on_behalf_of_token_exchange'], { each: true })
  allow_any_profile_of_type?: string[];
}

export class ClientRefreshTokenDto {
  @ApiProperty({ description: 'Refresh token rotation type' })
  @IsString()
  @IsIn(['rotating', 'non-rotating'])
  rotation_type: string;

  @ApiProperty({ description: 'Refresh token expiration type' })
  @IsString()
  @IsIn(['expiring', 'non-expiring'])
  expiration_type: string;

  @ApiProperty({ description: 'Period in seconds where the previous refresh token can be exchanged without triggering breach detection' })
  @IfPresent()
  @IsInt()
  @Min(0)
  leeway?: number;

  @ApiProperty({ description: 'Period (in seconds) for which refresh tokens will remain valid' })
  @IfPresent()
  @IsInt()
  @Min(1)
  token_lifetime?: number;

  @ApiProperty({ description: 'Prevents tokens from having a set lifetime when `true` (takes precedence over `token_lifetime` values)' })
  @IfPresent()
  @IsBoolean()
  infinite_token_lifetime?: boolean;

  @ApiProperty({ description: 'Period (in seconds) for which refresh tokens will remain valid without use' })
  @IfPresent()
  @IsInt()
  @Min(1)
  idle_token_lifetime?: number;

  @ApiProperty({
    description: 'Prevents tokens from expiring without use when `true` (takes precedence over `idle_token_lifetime` values)',
  })
  @IfPresent()
  @IsBoolean()
  infinite_idle_token_lifetime?: boolean;

  @ApiProperty({
    description:
      'A collection of policies governing multi-resource refresh token exchange (MRRT), defining how refresh tokens can be used across different resource servers',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => ClientRefreshTokenPolicyDto)
  policies?: ClientRefreshTokenPolicyDto[] | null;
}

class ClientMobileAndroidDto {
  @ApiProperty({ description: 'App package name found in AndroidManifest.xml.' })
  @IfPresent()
  @IsString()
  app_package_name?: string;

  @ApiProperty({ description: 'SHA256 fingerprints of the app`s signing certificate.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  sha256_cert_fingerprints?: string[];
}

class ClientMobileIosDto {
  @ApiProperty({ description: 'Identifier assigned to the Apple account that signs and uploads the app to the store.' })
  @IfPresent()
  @IsString()
  team_id?: string;

  @ApiProperty({ description: 'Assigned by developer to the app as its unique identifier inside the store.' })
  @IfPresent()
  @IsString()
  app_bundle_identifier?: string;
}

export class ClientMobileDto {
  @ApiProperty({ description: 'Android native app configuration.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientMobileAndroidDto)
  android?: ClientMobileAndroidDto;

  @ApiProperty({ description: 'iOS native app configuration.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientMobileIosDto)
  ios?: ClientMobileIosDto;
}

class NativeSocialLoginProviderDto {
  @ApiProperty({ description: 'Determine whether or not to allow signing in natively with this provider' })
  @IfPresent()
  @IsBoolean()
  enabled?: boolean;
}

export class ClientNativeSocialLoginDto {
  @ApiProperty({ description: 'Native Social Login support for the Apple connection' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => NativeSocialLoginProviderDto)
  apple?: NativeSocialLoginProviderDto;

  @ApiProperty({ description: 'Native Social Login support for the Facebook connection' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => NativeSocialLoginProviderDto)
  facebook?: NativeSocialLoginProviderDto;

  @ApiProperty({ description: 'Native Social Login support for the google-oauth2 connection' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => NativeSocialLoginProviderDto)
  google?: NativeSocialLoginProviderDto;
}
