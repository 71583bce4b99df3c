import { IsString, Length } from 'class-validator';

/** The console's sign-in: the credentials of a client granted the Management API. */
export class SignInDto {
  @IsString()
  @Length(1, 255)
  client_id: string;

  @IsString()
  @Length(1, 255)
  client_secret: string;
}
