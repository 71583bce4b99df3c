import { PaginationQuery } from '../../common/pagination/pagination.query.js';

/** GET /organizations: page/per_page/include_totals, or checkpoint from/take. */
export class ListOrganizationsQuery extends PaginationQuery {}
