import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool } from '../../common/validation/coerce.js';

/** Auth0's field selection on GET /clients and GET /clients/{id}. */
export class ClientFieldsQuery {
  @ApiProperty({
    description:
      'Comma-separated list of fields to include or exclude (based on value provided for include_fields) in the result. Leave empty to retrieve all fields.',
  })
  @IfPresent()
  @IsString()
  fields?: string;

  @ApiProperty({ description: 'Whether specified fields are to be included (true) or excluded (false).' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  include_fields?: boolean;
}
