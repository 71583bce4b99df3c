import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsISO8601, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { CREDENTIAL_TYPES } from '../credential-definitions.js';
import { CREDENTIAL_ALGORITHMS } from '../public-key.js';

/** Auth0's POST /clients/{id}/credentials body (v7 PostClientCredentialRequestContent). */
export class CreateClientCredentialDto {
  @ApiProperty({
    enum: CREDENTIAL_TYPES,
    description: 'public_key (private_key_jwt, JAR), cert_subject_dn (tls_client_auth) or x509_cert (self_signed_tls_client_auth).',
  })
  @IsString()
  @IsIn(CREDENTIAL_TYPES)
  credential_type: string;

  @ApiProperty({ description: 'Friendly name for a credential.' })
  @IfPresent()
  @IsString()
  @MaxLength(128)
  name?: string;

  @ApiProperty({ description: 'Subject Distinguished Name (cert_subject_dn), one RDN per line; exclusive of pem.' })
  @IfPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  subject_dn?: string;

  @ApiProperty({
    description:
      'public_key: PEM RSA public key (SPKI or PKCS1) or X509 certificate, at least 2048 bits. x509_cert, cert_subject_dn: PEM X509 certificate.',
  })
  @IfPresent()
  @IsString()
  // Within the 10 kB body limit; a 4096-bit key's certificate takes about 2 kB.
  @MaxLength(8192)
  pem?: string;

  @ApiProperty({ enum: CREDENTIAL_ALGORITHMS, description: 'public_key: algorithm the client signs with; RS256 when not given.' })
  @IfPresent()
  @IsString()
  @IsIn(CREDENTIAL_ALGORITHMS)
  alg?: string;

  @ApiProperty({ description: 'Take expires_at from the X.509 certificate given as pem (x509_cert always does).' })
  @IfPresent()
  @IsBoolean()
  parse_expiry_from_cert?: boolean;

  @ApiProperty({ description: 'When the credential expires (ISO 8601 date and time); never when not given.' })
  @IfPresent()
  @IsString()
  @IsISO8601({ strict: true, strictSeparator: true })
  expires_at?: string;

  @ApiProperty({
    description: 'public_key: key ID the client puts in its assertions; the JWK thumbprint when not given. Format [0-9a-zA-Z-_]{10,64}.',
  })
  @IfPresent()
  @IsString()
  @Matches(/^[0-9a-zA-Z\-_]{10,64}$/)
  kid?: string;
}
