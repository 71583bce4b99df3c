import { ApiProperty } from '@nestjs/swagger';
import { ActionVersionView, ActionView } from './action.view.js';

/** Auth0 pages actions by page number and always answers with the totals. */
export class ActionListView {
  @ApiProperty({ type: 'integer', description: 'The total result count.' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Page index of the results being returned. First page is 0.' }) page: number;
  @ApiProperty({ type: 'integer', description: 'Number of results per page.' }) per_page: number;
  @ApiProperty({ type: [ActionView], description: 'The list of actions.' }) actions: ActionView[];
}

export class ActionVersionListView {
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer' }) page: number;
  @ApiProperty({ type: 'integer' }) per_page: number;
  @ApiProperty({ type: [ActionVersionView] }) versions: ActionVersionView[];
}
