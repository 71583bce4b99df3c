import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsObject, IsString, ValidateNested } from 'class-validator';
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
  // A method without credentials could authenticate nothing: null unsets client_authentication_methods.
  @ArrayMinSize(1)
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
