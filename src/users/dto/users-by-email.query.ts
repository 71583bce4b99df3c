import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { UserFieldsQuery } from './user-fields.query.js';

export class UsersByEmailQuery extends UserFieldsQuery {
  @ApiProperty({ description: 'Email address to search for (case-sensitive).' })
  @IsString()
  @MaxLength(254)
  email: string;
}
