import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, IsString } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { NullableType } from '../../common/validation/nullable-type.js';

class ClientCredentialExpiryDto {
  @ApiProperty({ description: 'When the credential expires (ISO 8601 date and time); null for never.' })
  @IfPresent()
  @IsString()
  @IsISO8601({ strict: true, strictSeparator: true })
  expires_at?: string;
}

/** Auth0's PATCH /clients/{id}/credentials/{credential_id} body: only expires_at changes. */
export class UpdateClientCredentialDto extends NullableType(ClientCredentialExpiryDto, ['expires_at']) {}
