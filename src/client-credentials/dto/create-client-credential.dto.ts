import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsISO8601, IsString, Matches, MaxLength } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { CREDENTIAL_ALGORITHMS } from '../public-key.js';

/** Auth0's credential types; only public_key is served (the others are mTLS's). */
const CREDENTIAL_TYPES = ['public_key', 'cert_subject_dn', 'x509_cert'];

/** Auth0's POST /clients/{id}/credentials body (v7 PostClientCredentialRequestContent). */
export class CreateClientCredentialDto {
  @ApiProperty({ enum: CREDENTIAL_TYPES, description: 'The type of credential; only public_key is supported here.' })
  @IsString()
  @IsIn(CREDENTIAL_TYPES)
  credential_type: string;

  @ApiProperty({ description: 'Friendly name for a credential.' })
  @IfPresent()
  @IsString()
  @MaxLength(128)
  name?: string;

  @ApiProperty({ description: 'Subject Distinguished Name (cert_subject_dn credentials, not supported here).' })
  @IfPresent()
  @IsString()
  subject_dn?: string;

  @ApiProperty({ description: 'PEM-formatted RSA public key (SPKI or PKCS1) or X509 certificate, at least 2048 bits.' })
  @IsString()
  // Within the 10 kB body limit; a 4096-bit key's certificate takes about 2 kB.
  @MaxLength(8192)
  pem: string;

  @ApiProperty({ enum: CREDENTIAL_ALGORITHMS, description: 'Algorithm the client signs its assertions with; RS256 when not given.' })
  @IfPresent()
  @IsString()
  @IsIn(CREDENTIAL_ALGORITHMS)
  alg?: string;

  @ApiProperty({ description: 'Take expires_at from the X.509 certificate given as pem.' })
  @IfPresent()
  @IsBoolean()
  parse_expiry_from_cert?: boolean;

  @ApiProperty({ description: 'When the credential expires (ISO 8601 date and time); never when not given.' })
  @IfPresent()
  @IsString()
  @IsISO8601({ strict: true, strictSeparator: true })
  expires_at?: string;

  @ApiProperty({ description: 'Key ID the client puts in its assertions; the JWK thumbprint when not given. Format [0-9a-zA-Z-_]{10,64}.' })
  @IfPresent()
  @IsString()
  @Matches(/^[0-9a-zA-Z\-_]{10,64}$/)
  kid?: string;
}
