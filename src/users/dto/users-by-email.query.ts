import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { FieldsQuery } from '../../common/fields.js';

export class UsersByEmailQuery extends FieldsQuery {
  @ApiProperty({ description: 'Email address to search for (case-sensitive).' })
  @IsString()
  @MaxLength(254)
  email: string;
}
