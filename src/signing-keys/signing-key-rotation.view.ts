import { ApiProperty } from '@nestjs/swagger';

/** Auth0 answers a rotation with the new key's kid and its certificate; we make no certificates. */
export class SigningKeyRotationView {
  @ApiProperty({ description: 'The id of the new current key, as published in /.well-known/jwks.json.' }) kid: string;
}
