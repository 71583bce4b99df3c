import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsString, ValidateNested } from 'class-validator';
import { CreateClientCredentialDto } from '../../client-credentials/dto/create-client-credential.dto.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';

/**
 * One credential of client_authentication_methods.private_key_jwt: a new credential's definition
 * on POST /clients (v7 PublicKeyCredential), an existing credential's id on PATCH (CredentialId).
 * One class for both, as the update body derives from the create body; the clients service
 * refuses the wrong form for each.
 */
class PrivateKeyJwtCredentialDto extends PartialType(CreateClientCredentialDto) {
  @ApiProperty({ description: 'Credential ID (PATCH): one of the client’s credentials.' })
  @IfPresent()
  @IsString()
  id?: string;
}

class PrivateKeyJwtDto {
  @ApiProperty({ type: [PrivateKeyJwtCredentialDto], description: 'The credentials enabled for Private Key JWT authentication.' })
  @IsArray()
  // Auth0 lets a client hold two credentials for private_key_jwt (its key rotation pair).
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => PrivateKeyJwtCredentialDto)
  credentials: PrivateKeyJwtCredentialDto[];
}

/** Auth0's client.client_authentication_methods; mTLS methods are not served (unknown properties). */
export class ClientAuthenticationMethodsDto {
  @ApiProperty({ type: PrivateKeyJwtDto, description: 'Defines the private_key_jwt client authentication method.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => PrivateKeyJwtDto)
  private_key_jwt?: PrivateKeyJwtDto;
}
