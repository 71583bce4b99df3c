import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import {
  CONSENT_POLICIES,
  MAX_TOKEN_LIFETIME,
  MAX_TOKEN_LIFETIME_FOR_WEB,
  SIGNING_ALGORITHMS,
  TOKEN_DIALECTS,
  type SigningAlgorithm,
} from './resource-server-rules.js';
import {
  AuthorizationDetailDto,
  AuthorizationPolicyDto,
  ProofOfPossessionDto,
  ResourceServerScopeDto,
  SubjectTypeAuthorizationDto,
  TokenEncryptionDto,
} from './resource-server-settings.dto.js';

// Auth0 takes null for proof_of_possession, authorization_policy, authorization_details and
// token_encryption, on create (none) as on update (removes it): `@IsOptional()` lets null through.
// Their types leave null out so that the design type names the nested class the document reads.
export class CreateResourceServerDto {
  @ApiProperty({ description: 'Friendly name for this resource server. Can not contain `<` or `>` characters.' })
  @IfPresent()
  @IsString()
  @Length(1, 200)
  @Matches(/^[^<>]*$/)
  name?: string;

  // Auth0 recommends a URL but accepts any string ("my-api" too), so only the length is checked.
  @ApiProperty({
    description: 'Unique identifier for the API used as the audience parameter on authorization calls. Can not be changed once set.',
  })
  @IsString()
  @Length(1, 600)
  identifier: string;

  @ApiProperty({ type: [ResourceServerScopeDto], description: 'List of permissions (scopes) that this API uses.' })
  @IfPresent()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ResourceServerScopeDto)
  scopes?: ResourceServerScopeDto[];

  @ApiProperty({ description: 'Algorithm used to sign JWTs. Can be `HS256` or `RS256`. `PS256` available via addon.' })
  @IfPresent()
  @IsString()
  @IsIn(SIGNING_ALGORITHMS)
  signing_alg?: SigningAlgorithm;

  @ApiProperty({ description: 'Secret used to sign tokens when using symmetric algorithms (HS256).' })
  @IfPresent()
  @IsString()
  @MinLength(16)
  signing_secret?: string;

  @ApiProperty({ description: 'Whether refresh tokens can be issued for this API (true) or not (false).' })
  @IfPresent()
  @IsBoolean()
  allow_offline_access?: boolean;

  @ApiProperty({ description: 'Whether Online Refresh Tokens can be issued for this API (true) or not (false).' })
  @IfPresent()
  @IsBoolean()
  allow_online_access?: boolean;

  @ApiProperty({
    description: 'Whether Online Refresh Tokens can be issued even when sessions are configured as ephemeral (true) or not (false).',
  })
  @IfPresent()
  @IsBoolean()
  allow_online_access_with_ephemeral_sessions?: boolean;

  @ApiProperty({ description: 'Expiration value (in seconds) for access tokens issued for this API from the token endpoint.' })
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIFETIME)
  token_lifetime?: number;

  // Not in the SDK's create body, but in every resource server Auth0 returns, so a tool that
  // copies one back (auth0-deploy-cli does) sends it.
  @ApiProperty({
    description:
      'Expiration value (in seconds) for access tokens issued for this API via Implicit or Hybrid Flows. Cannot be greater than the `token_lifetime` value.',
  })
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIFETIME_FOR_WEB)
  token_lifetime_for_web?: number;

  @ApiProperty({ description: 'Expiration value (in seconds) for anonymous-session access tokens issued for this API.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIFETIME)
  token_lifetime_for_anonymous_access_tokens?: number | null;

  @ApiProperty({ description: 'Dialect of issued access token.' })
  @IfPresent()
  @IsString()
  @IsIn(TOKEN_DIALECTS)
  token_dialect?: string;

  @ApiProperty({ description: 'Whether to skip user consent for applications flagged as first party (true) or not (false).' })
  @IfPresent()
  @IsBoolean()
  skip_consent_for_verifiable_first_party_clients?: boolean;

  @ApiProperty({ description: 'Whether to enforce authorization policies (true) or to ignore them (false).' })
  @IfPresent()
  @IsBoolean()
  enforce_policies?: boolean;

  @ApiProperty({ description: 'Consent policy of the resource server.' })
  @IsOptional()
  @IsString()
  @IsIn(CONSENT_POLICIES)
  consent_policy?: string | null;

  @ApiProperty({ description: 'Proof-of-Possession configuration for access tokens' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ProofOfPossessionDto)
  proof_of_possession?: ProofOfPossessionDto;

  @ApiProperty({ description: 'Defines application access permission for a resource server' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => SubjectTypeAuthorizationDto)
  subject_type_authorization?: SubjectTypeAuthorizationDto;

  @ApiProperty({ description: 'Authorization policy for the resource server.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AuthorizationPolicyDto)
  authorization_policy?: AuthorizationPolicyDto;

  @ApiProperty({ description: 'Authorization details types (RFC 9396) this resource server accepts (stored, no effect yet).' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => AuthorizationDetailDto)
  authorization_details?: AuthorizationDetailDto[];

  @ApiProperty({ description: 'Encryption of the access tokens issued for this resource server (stored, no effect yet).' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TokenEncryptionDto)
  token_encryption?: TokenEncryptionDto;
}
