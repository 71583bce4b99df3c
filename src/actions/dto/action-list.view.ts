import { ApiProperty } from '@nestjs/swagger';
import { ActionVersionView, ActionView } from './action.view.js';

/** Auth0 pages actions by page number and answers with the totals, without the page index (recorded). */
export class ActionListView {
  @ApiProperty({ type: 'integer', description: 'The total result count.' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Number of results per page.' }) per_page: number;
  @ApiProperty({ type: [ActionView], description: 'The list of actions.' }) actions: ActionView[];
}

export class ActionVersionListView {
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer' }) per_page: number;
  @ApiProperty({ type: [ActionVersionView] }) versions: ActionVersionView[];
}
