import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString } from 'class-validator';
import { FieldsQuery } from '../../common/fields.js';
import { OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryList } from '../../common/validation/coerce.js';

class IdentifiersQuery {
  @ApiProperty({
    description: 'An optional filter on the resource server identifier. Must be URL encoded and may be specified multiple times (max 10).',
  })
  @IfPresent()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  identifiers?: string[];
}

/**
 * Auth0 pages resource servers by offset only (checkpoint paging is its separate search endpoint).
 * Its current schema lists only include_fields, but Auth0 applies `fields` too (recorded: go-auth0
 * lists with fields=id,identifier and gets just those).
 */
export class ListResourceServersQuery extends IntersectionType(OffsetPaginationQuery, IdentifiersQuery, FieldsQuery) {}
