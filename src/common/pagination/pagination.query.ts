import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { IfPresent } from '../validation/auth0-validators.js';
import { QueryBool, QueryInt } from '../validation/coerce.js';

const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

/** Auth0's offset pagination: page (0-based), per_page and include_totals. */
export class OffsetPaginationQuery {
  @ApiProperty({ description: 'Page index of the results to return. First page is 0.' })
  @IfPresent()
  @QueryInt()
  @IsInt()
  @Min(0)
  page?: number;

  @ApiProperty({ description: 'Number of results per page. Defaults to 50.' })
  @IfPresent()
  @QueryInt()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  per_page?: number;

  @ApiProperty({
    description:
      'Return results inside an object that contains the total result count (true) or as a direct array of results (false, default).',
  })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  include_totals?: boolean;
}

/** Auth0's checkpoint pagination: an opaque `from` and a page size `take`. */
export class CheckpointPaginationQuery {
  @ApiProperty({ description: 'Optional Id from which to start selection.' })
  @IfPresent()
  @IsString()
  @MinLength(1)
  from?: string;

  @ApiProperty({ description: 'Number of results per page. Defaults to 50.' })
  @IfPresent()
  @QueryInt()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  take?: number;
}

/** Endpoints that offer both styles; `from` or `take` selects the checkpoint style. */
export class PaginationQuery extends IntersectionType(OffsetPaginationQuery, CheckpointPaginationQuery) {}
