import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool } from '../../common/validation/coerce.js';

export class UserBlocksQuery {
  @ApiProperty({
    description:
      'If true and Brute Force Protection is enabled and configured to block logins, will return a list of blocked IP addresses. ' +
      'If true and Brute Force Protection is disabled, will return an empty list.',
  })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  consider_brute_force_enablement?: boolean;
}

export class UserBlocksIdentifierQuery {
  @ApiProperty({ description: 'Should be any of a username, phone number, or email.' })
  @IsString()
  @MaxLength(300)
  identifier: string;
}

export class ListUserBlocksByIdentifierQuery extends IntersectionType(UserBlocksIdentifierQuery, UserBlocksQuery) {}
