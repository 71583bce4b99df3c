import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsString, MinLength } from 'class-validator';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { NullableType } from '../../common/validation/nullable-type.js';
import { CreateUserDto } from './create-user.dto.js';

/** The properties a PATCH may set to null to remove them from the profile, as Auth0 allows. */
const REMOVABLE = ['given_name', 'family_name', 'name', 'nickname', 'picture', 'phone_number'] as const;

class UpdatableUserFields extends PartialType(OmitType(CreateUserDto, ['connection', 'user_id'] as const), { skipNullProperties: false }) {}

/**
 * PATCH /users/{id}. Metadata is merged into what is stored (see users.service.ts). `connection`
 * names the identity to change; every user here has exactly one, so it is accepted and not needed.
 */
@MinProperties(1)
export class UpdateUserDto extends NullableType(UpdatableUserFields, REMOVABLE) {
  @ApiProperty({ description: 'Name of the connection to target for this user update.' })
  @IfPresent()
  @IsString()
  @MinLength(1)
  connection?: string;
}
