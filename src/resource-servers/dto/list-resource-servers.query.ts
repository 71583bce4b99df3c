import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsString } from 'class-validator';
import { OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool, QueryList } from '../../common/validation/coerce.js';

/** Whether `fields` are included or excluded; Auth0 documents the flag but no `fields` for resource servers, so it selects nothing. */
export class IncludeFieldsQuery {
  @ApiProperty({ description: 'Whether specified fields are to be included (true) or excluded (false).' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  include_fields?: boolean;
}

/** Auth0 pages resource servers by offset only (checkpoint paging is its separate search endpoint). */
export class ListResourceServersQuery extends OffsetPaginationQuery {
  @ApiProperty({
    description: 'An optional filter on the resource server identifier. Must be URL encoded and may be specified multiple times (max 10).',
  })
  @IfPresent()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  identifiers?: string[];

  @ApiProperty({ description: 'Whether specified fields are to be included (true) or excluded (false).' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  include_fields?: boolean;
}
