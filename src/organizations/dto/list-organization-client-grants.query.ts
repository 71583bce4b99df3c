import { OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';
import { ApiField } from '../../common/validation/api-field.decorator.js';
import { QueryList } from '../../common/validation/coerce.js';

/** GET /organizations/{id}/client-grants: offset pagination only, as in Auth0. */
export class ListOrganizationClientGrantsQuery extends OffsetPaginationQuery {
  @ApiField({ type: 'string', description: 'Optional filter on audience of the client grant.' })
  audience?: string;

  @ApiField({ type: 'string', description: 'Optional filter on client_id of the client grant.' })
  client_id?: string;

  @QueryList()
  @ApiField({
    type: 'array',
    items: { minLength: 1 },
    maxItems: 10,
    description: 'Optional filter on the ID of the client grant. Must be URL encoded and may be specified multiple times (max 10).',
  })
  grant_ids?: string[];
}
