import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { ApiField } from '../../common/validation/api-field.decorator.js';
import { QueryBool } from '../../common/validation/coerce.js';

export class ListClientGrantsQuery extends PaginationQuery {
  @ApiField({ type: 'string', description: 'Optional filter on audience.' })
  audience?: string;

  @ApiField({ type: 'string', description: 'Optional filter on client_id.' })
  client_id?: string;

  @QueryBool()
  @ApiField({ type: 'boolean', description: 'Optional filter on allow_any_organization.' })
  allow_any_organization?: boolean;
}
