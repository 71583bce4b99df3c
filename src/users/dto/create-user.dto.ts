import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsObject, IsString, Length, MaxLength, MinLength } from 'class-validator';
import { IfPresent, IsEmail, IsUri } from '../../common/validation/auth0-validators.js';

/** Any JSON under string keys: Auth0 stores metadata as given. */
const ANY_JSON_VALUES = { additionalProperties: {} } as const;

/**
 * POST /users for a database connection. Auth0's schema requires only `connection` and then
 * applies the connection's own schema; for a database connection that makes `email` and
 * `password` required too (a missing one is refused as a missing required property), which is
 * what this class states, since database connections are the only kind that holds users here.
 */
export class CreateUserDto {
  @ApiProperty({ description: 'Name of the connection this user should be created in.' })
  @IsString()
  @MinLength(1)
  connection: string;

  @ApiProperty({ description: "The user's email." })
  @IsString()
  @MaxLength(254)
  @IsEmail()
  email: string;

  @ApiProperty({ description: 'Initial password for this user. Only valid for auth0 connection strategy.' })
  @IsString()
  @Length(1, 1024)
  password: string;

  @ApiProperty({ description: "The user's username. Only valid if the connection requires a username." })
  @IfPresent()
  @IsString()
  @Length(1, 128)
  username?: string;

  @ApiProperty({ description: "The external user's id provided by the identity provider." })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  user_id?: string;

  @ApiProperty({ description: 'Whether this email address is verified (true) or unverified (false).' })
  @IfPresent()
  @IsBoolean()
  email_verified?: boolean;

  @ApiProperty({ description: 'Whether the user will receive a verification email after creation (true) or no email (false).' })
  @IfPresent()
  @IsBoolean()
  verify_email?: boolean;

  @ApiProperty({ description: 'Whether this user was blocked by an administrator (true) or not (false).' })
  @IfPresent()
  @IsBoolean()
  blocked?: boolean;

  @ApiProperty({ description: "The user's phone number (following the E.164 recommendation)." })
  @IfPresent()
  @IsString()
  @Length(1, 32)
  phone_number?: string;

  @ApiProperty({ description: "The user's given name(s)." })
  @IfPresent()
  @IsString()
  @Length(1, 150)
  given_name?: string;

  @ApiProperty({ description: "The user's family name(s)." })
  @IfPresent()
  @IsString()
  @Length(1, 150)
  family_name?: string;

  @ApiProperty({ description: "The user's full name." })
  @IfPresent()
  @IsString()
  @Length(1, 300)
  name?: string;

  @ApiProperty({ description: "The user's nickname." })
  @IfPresent()
  @IsString()
  @Length(1, 300)
  nickname?: string;

  @ApiProperty({ description: "A URI pointing to the user's picture." })
  @IfPresent()
  @IsString()
  @MaxLength(2048)
  @IsUri()
  picture?: string;

  @ApiProperty({ description: 'User metadata to which this user has read-only access.', ...ANY_JSON_VALUES })
  @IfPresent()
  @IsObject()
  app_metadata?: Record<string, unknown>;

  @ApiProperty({ description: 'User metadata to which this user has read/write access.', ...ANY_JSON_VALUES })
  @IfPresent()
  @IsObject()
  user_metadata?: Record<string, unknown>;
}
