import { PaginationQuery } from '../../common/pagination/pagination.query.js';

/** GET /clients pages like every Auth0 list: page/per_page/include_totals, or checkpoint from/take. */
export class ListClientsQuery extends PaginationQuery {}
