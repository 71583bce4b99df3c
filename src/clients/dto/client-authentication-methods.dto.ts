import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsObject, IsString, ValidateNested } from 'class-validator';
import { CreateClientCredentialDto } from '../../client-credentials/dto/create-client-credential.dto.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';

/**
 * One credential a client names: a new credential's definition on POST /clients (v7
 * PublicKeyCredential, CertificateSubjectDnCredential, X509CertificateCredential), an existing
 * credential's id on PATCH (CredentialId). One class for both, as the update body derives from the
 * create body; client-authentication-methods.ts refuses the wrong form for each.
 */
export class CredentialReferenceDto extends PartialType(CreateClientCredentialDto) {
  @ApiProperty({ description: 'Credential ID (PATCH): one of the client’s credentials.' })
  @IfPresent()
  @IsString()
  id?: string;
}

// Auth0 lets a client hold two credentials for a use (its rotation pair; "Auth0 limits customers to
// two registered certificates").
const MAX_CREDENTIALS = 2;

class MethodCredentialsDto {
  @ApiProperty({ type: [CredentialReferenceDto], description: 'The credentials enabled for this authentication method.' })
  @IsArray()
  // A PATCH may give an empty list (Auth0 takes it while Terraform swaps a key); a create refuses one (definitionsToCreate).
  @ArrayMaxSize(MAX_CREDENTIALS)
  @ValidateNested({ each: true })
  @Type(() => CredentialReferenceDto)
  credentials: CredentialReferenceDto[];
}

/** Auth0's client.client_authentication_methods. */
export class ClientAuthenticationMethodsDto {
  @ApiProperty({ type: MethodCredentialsDto, description: 'Private Key JWT: public_key credentials.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => MethodCredentialsDto)
  private_key_jwt?: MethodCredentialsDto;

  @ApiProperty({ type: MethodCredentialsDto, description: 'mTLS with CA-signed certificates: cert_subject_dn credentials.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => MethodCredentialsDto)
  tls_client_auth?: MethodCredentialsDto;

  @ApiProperty({ type: MethodCredentialsDto, description: 'mTLS with self-signed certificates: x509_cert credentials.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => MethodCredentialsDto)
  self_signed_tls_client_auth?: MethodCredentialsDto;
}

/** Auth0's client.signed_request_object: JWT-secured Authorization Requests (JAR) settings. */
export class SignedRequestObjectDto {
  @ApiProperty({ description: 'Indicates whether the JAR requests are mandatory.' })
  @IfPresent()
  @IsBoolean()
  required?: boolean;

  @ApiProperty({ type: [CredentialReferenceDto], description: 'The public_key credentials request objects are signed with.' })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_CREDENTIALS)
  @ValidateNested({ each: true })
  @Type(() => CredentialReferenceDto)
  credentials?: CredentialReferenceDto[];
}

class TokenVaultGrantDto {
  @ApiProperty({ description: 'The connection whose tokens the client may get from Token Vault.' })
  @IsString()
  connection: string;

  @ApiProperty({ type: [String], description: 'The scopes the client may get for that connection.' })
  @IsArray()
  @IsString({ each: true })
  scopes: string[];
}

/** Auth0's client.token_vault_privileged_access: the public keys a privileged worker signs its subject tokens with. */
export class ClientTokenVaultPrivilegedAccessDto {
  @ApiProperty({ type: [CredentialReferenceDto], description: 'The public_key credentials the subject tokens are signed with.' })
  @IsArray()
  @ArrayMaxSize(MAX_CREDENTIALS)
  @ValidateNested({ each: true })
  @Type(() => CredentialReferenceDto)
  credentials: CredentialReferenceDto[];

  @ApiProperty({ type: [String], description: 'The addresses (IPs or CIDR ranges) the exchange is allowed from.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  ip_allowlist?: string[];

  @ApiProperty({ type: [TokenVaultGrantDto], description: 'The connections and scopes the client may get tokens for.' })
  @IfPresent()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TokenVaultGrantDto)
  grants?: TokenVaultGrantDto[];
}
