import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length } from 'class-validator';
import { IsUri, NotReservedPrefix, StartsWithOneOf } from '../../common/validation/auth0-validators.js';
import { RESERVED_SUBJECT_TOKEN_TYPE_PREFIXES, SUBJECT_TOKEN_TYPE_SCHEMES } from './subject-token-type.js';

const PROFILE_TYPES = ['custom_authentication'] as const;

export class CreateTokenExchangeProfileDto {
  @ApiProperty({ description: 'Friendly name of this profile' })
  @IsString()
  @Length(3, 50)
  name: string;

  @ApiProperty({ description: 'Type of the subject token. Must be unique per tenant and start with https:// or urn:' })
  @IsString()
  @Length(8, 100)
  @IsUri()
  @StartsWithOneOf(SUBJECT_TOKEN_TYPE_SCHEMES)
  @NotReservedPrefix(RESERVED_SUBJECT_TOKEN_TYPE_PREFIXES)
  subject_token_type: string;

  @ApiProperty({
    description:
      'The ID of the Custom Token Exchange action to execute for this profile, in order to validate the subject_token. The action must use the custom-token-exchange trigger.',
  })
  @IsString()
  @Length(1, 36)
  action_id: string;

  @ApiProperty({
    description: 'The type of the profile, which controls how the profile will be executed when receiving a token exchange request.',
  })
  @IsString()
  @IsIn(PROFILE_TYPES)
  type: (typeof PROFILE_TYPES)[number];
}
