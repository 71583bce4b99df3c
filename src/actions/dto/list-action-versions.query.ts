import { PickType } from '@nestjs/swagger';
import { ListActionsQuery } from './list-actions.query.js';

/** Auth0's GET /actions/actions/{id}/versions: page paging only. */
export class ListActionVersionsQuery extends PickType(ListActionsQuery, ['page', 'per_page']) {}
