import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool } from '../../common/validation/coerce.js';
import { SORTABLE_FIELDS } from '../user-search.js';
import { FieldsQuery } from '../../common/fields.js';

/** GET /users: offset paging only (Auth0 offers no checkpoint for users), filters, projection. */
export class ListUsersQuery extends IntersectionType(OffsetPaginationQuery, FieldsQuery) {
  @ApiProperty({
    description: 'Field to sort by. Use `field:order` where order is `1` for ascending and `-1` for descending. e.g. `created_at:1`',
    example: 'created_at:1',
  })
  @IfPresent()
  @IsString()
  @Matches(new RegExp(`^(${SORTABLE_FIELDS.join('|')}):(1|-1)$`))
  sort?: string;

  @ApiProperty({ description: 'Connection filter.' })
  @IfPresent()
  @IsString()
  connection?: string;

  @ApiProperty({ description: 'Query in Lucene query string syntax (the subset listed in user-search.ts).' })
  @IfPresent()
  @IsString()
  @MaxLength(4096)
  q?: string;

  @ApiProperty({ description: 'The version of the search engine' })
  @IfPresent()
  @IsString()
  @IsIn(['v1', 'v2', 'v3'])
  search_engine?: string;

  @ApiProperty({ description: 'If true (default), results are returned in a deterministic order.' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  primary_order?: boolean;
}
