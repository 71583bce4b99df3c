import { CheckpointPaginationQuery } from '../../common/pagination/pagination.query.js';

/** Auth0 pages token exchange profiles by checkpoint only. */
export class ListTokenExchangeProfilesQuery extends CheckpointPaginationQuery {}
