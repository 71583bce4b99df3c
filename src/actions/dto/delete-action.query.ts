import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool } from '../../common/validation/coerce.js';

export class DeleteActionQuery {
  @ApiProperty({ description: 'Force action deletion detaching bindings' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  force?: boolean;
}
