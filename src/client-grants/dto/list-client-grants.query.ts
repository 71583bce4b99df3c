import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool } from '../../common/validation/coerce.js';

export class ListClientGrantsQuery extends PaginationQuery {
  @ApiProperty({ description: 'Optional filter on audience.' })
  @IfPresent()
  @IsString()
  audience?: string;

  @ApiProperty({ description: 'Optional filter on client_id.' })
  @IfPresent()
  @IsString()
  client_id?: string;

  @ApiProperty({ description: 'Optional filter on allow_any_organization.' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  allow_any_organization?: boolean;
}
