import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';

/** The only application type this service issues tokens to: machine-to-machine. */
const APP_TYPES = ['non_interactive'] as const;
/** Grant types a non_interactive client may hold; an empty list blocks it from /oauth/token. */
const GRANT_TYPES = ['client_credentials'] as const;

export class CreateClientDto {
  @ApiProperty({ description: 'Name of this client (min length: 1 character, does not allow `<` or `>`).' })
  @IsString()
  @MinLength(1)
  @Matches(/^[^<>]+$/)
  name: string;

  @ApiProperty({ description: 'Free text description of this client (max length: 140 characters).' })
  @IfPresent()
  @IsString()
  @MaxLength(140)
  description?: string;

  @ApiProperty({ description: 'The type of application this client represents' })
  @IfPresent()
  @IsString()
  @IsIn(APP_TYPES)
  app_type?: string;

  @ApiProperty({ description: 'List of grant types supported for this application.' })
  @IfPresent()
  @IsArray()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @IsIn(GRANT_TYPES, { each: true })
  grant_types?: string[];
}
