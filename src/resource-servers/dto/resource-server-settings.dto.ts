import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import {
  CLIENT_POLICIES,
  POP_MECHANISMS,
  POP_REQUIRED_FOR,
  TOKEN_ENCRYPTION_ALGS,
  TOKEN_ENCRYPTION_FORMATS,
  USER_POLICIES,
} from './resource-server-rules.js';

// The nested settings Auth0 accepts on a resource server. We store them as given (the `settings`
// column) and return them; none of them changes what the token endpoint does here.

export class ResourceServerScopeDto {
  @ApiProperty({ description: 'Value of this scope.' })
  @IsString()
  @Length(1, 280)
  value: string;

  @ApiProperty({ description: 'User-friendly description of this scope.' })
  @IfPresent()
  @IsString()
  @MaxLength(500)
  description?: string;
}

export class ProofOfPossessionDto {
  @ApiProperty({ description: 'Intended mechanism for Proof-of-Possession' })
  @IsString()
  @IsIn(POP_MECHANISMS)
  mechanism: string;

  @ApiProperty({ description: 'Whether the use of Proof-of-Possession is required for the resource server' })
  @IsBoolean()
  required: boolean;

  @ApiProperty({ description: 'Specifies which client types require Proof-of-Possession' })
  @IfPresent()
  @IsString()
  @IsIn(POP_REQUIRED_FOR)
  required_for?: string;
}

class UserPolicyDto {
  @ApiProperty({ description: 'Defines the policy for user-initiated flows.' })
  @IsString()
  @IsIn(USER_POLICIES)
  policy: string;
}

class ClientPolicyDto {
  @ApiProperty({ description: 'Defines the policy for client-initiated flows.' })
  @IsString()
  @IsIn(CLIENT_POLICIES)
  policy: string;
}

export class SubjectTypeAuthorizationDto {
  @ApiProperty({ description: 'Access Permissions for user-initiated flows' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => UserPolicyDto)
  user?: UserPolicyDto;

  @ApiProperty({ description: 'Access Permissions for client-initiated flows' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ClientPolicyDto)
  client?: ClientPolicyDto;
}

export class AuthorizationPolicyDto {
  @ApiProperty({ description: 'The ID of the authorization policy to apply.' })
  @IsString()
  @Length(1, 255)
  policy_id: string;
}

export class AuthorizationDetailDto {
  @ApiProperty({ description: 'The authorization details type (RFC 9396) the resource server accepts.' })
  @IsString()
  @Length(1, 255)
  type: string;
}

class TokenEncryptionKeyDto {
  @ApiProperty({ description: 'Name of the encryption key.' })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  name?: string;

  @ApiProperty({ description: 'Algorithm used to encrypt the token.' })
  @IsString()
  @IsIn(TOKEN_ENCRYPTION_ALGS)
  alg: string;

  @ApiProperty({ description: 'Key ID.' })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  kid?: string;

  @ApiProperty({ description: 'PEM-formatted public key. Must be JSON escaped.' })
  @IsString()
  @Length(1, 8192)
  pem: string;
}

export class TokenEncryptionDto {
  @ApiProperty({ description: 'Format of the encrypted JWT payload.' })
  @IsString()
  @IsIn(TOKEN_ENCRYPTION_FORMATS)
  format: string;

  @ApiProperty({ description: 'The key the access tokens are encrypted with.' })
  @IsObject()
  @ValidateNested()
  @Type(() => TokenEncryptionKeyDto)
  encryption_key: TokenEncryptionKeyDto;
}
