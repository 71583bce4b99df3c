import { ApiField } from '../validation/api-field.decorator.js';
import { QueryBool, QueryInt } from '../validation/coerce.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

/** Auth0's offset pagination: page (0-based), per_page and include_totals. */
export class OffsetPaginationQuery {
  @QueryInt()
  @ApiField({ type: 'integer', minimum: 0, description: 'Page index of the results to return. First page is 0.' })
  page?: number;

  @QueryInt()
  @ApiField({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Number of results per page. Defaults to 50.' })
  per_page?: number;

  @QueryBool()
  @ApiField({
    type: 'boolean',
    description: 'Return results inside an object that contains the total result count (true) or as a direct array of results (false, default).',
  })
  include_totals?: boolean;
}

/** Auth0's checkpoint pagination: an opaque `from` and a page size `take`. */
export class CheckpointPaginationQuery {
  @ApiField({ type: 'string', minLength: 1, description: 'Optional Id from which to start selection.' })
  from?: string;

  @QueryInt()
  @ApiField({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Number of results per page. Defaults to 50.' })
  take?: number;
}

/** Endpoints that offer both styles; `from` or `take` selects the checkpoint style. */
export class PaginationQuery extends OffsetPaginationQuery {
  @ApiField({ type: 'string', minLength: 1, description: 'Optional Id from which to start selection.' })
  from?: string;

  @QueryInt()
  @ApiField({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Number of results per page. Defaults to 50.' })
  take?: number;
}
