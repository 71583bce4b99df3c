import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { FieldsQuery } from '../../common/fields.js';
import { OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryInt } from '../../common/validation/coerce.js';

/** Auth0's GET /api/v2/logs parameters: a search (q or search, sort, page/per_page) or a checkpoint (from/take). */
class LogSearchQuery {
  @ApiProperty({ description: 'Query in Lucene query string syntax (the subset described in the README).' })
  @IfPresent()
  @IsString()
  q?: string;

  @ApiProperty({ description: 'The same search as q; the name the current SDKs send.' })
  @IfPresent()
  @IsString()
  search?: string;

  // Only the date can be sorted on: a pattern, so the document says what the pipe refuses.
  @ApiProperty({
    description: 'Field to use for sorting appended with :1 for ascending and :-1 for descending. e.g. date:-1',
    example: 'date:-1',
  })
  @IfPresent()
  @IsString()
  @Matches(/^(date):(1|-1)$/)
  sort?: string;

  @ApiProperty({
    description: 'Log Event Id from which to start retrieving logs. You can limit the amount of logs using the take parameter.',
  })
  @IfPresent()
  @IsString()
  @MinLength(1)
  from?: string;

  @ApiProperty({ description: 'Number of entries to retrieve when using the from parameter. Default 50, max 100.' })
  @IfPresent()
  @QueryInt()
  @IsInt()
  @Min(1)
  @Max(100)
  take?: number;
}

export class ListLogsQuery extends IntersectionType(OffsetPaginationQuery, FieldsQuery, LogSearchQuery) {}

/** Auth0's GET /users/{id}/logs parameters: page, per_page, sort and include_totals. */
export class UserLogsQuery extends IntersectionType(OffsetPaginationQuery, PickType(LogSearchQuery, ['sort'])) {}
