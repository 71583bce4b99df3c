import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ActionsService } from './actions.service.js';
import { ActionListView, ActionVersionListView } from './dto/action-list.view.js';
import { ActionTriggerListView } from './dto/action-trigger.view.js';
import { ActionVersionView, ActionView } from './dto/action.view.js';
import { ListActionVersionsQuery } from './dto/list-action-versions.query.js';
import { ListActionsQuery } from './dto/list-actions.query.js';

@ApiTags('actions')
@Controller('actions')
export class ActionsController {
  constructor(private readonly actions: ActionsService) {}

  @Get('actions')
  @Scopes('read:actions')
  @ApiOperation({ operationId: 'get_actions', summary: 'Get actions' })
  @ApiOkResponse({ type: ActionListView, description: 'One page of actions, with the totals.' })
  @ApiErrors(400)
  list(@Query() query: ListActionsQuery): Promise<ActionListView> {
    return this.actions.list(query);
  }

  @Get('actions/:id')
  @Scopes('read:actions')
  @ApiOperation({ operationId: 'get_action', summary: 'Get an action' })
  @ApiOkResponse({ type: ActionView })
  @ApiErrors(404)
  get(@Param('id') id: string): Promise<ActionView> {
    return this.actions.get(id);
  }

  // Auth0 names this parameter actionId; Fastify keeps one name per path position, so it is `id`
  // here as in GET /actions/actions/{id} (clients fill the path by position, not by name).
  @Get('actions/:id/versions')
  @Scopes('read:actions')
  @ApiOperation({ operationId: 'get_action_versions', summary: "Get an action's versions" })
  @ApiOkResponse({ type: ActionVersionListView, description: 'One page of versions, newest first.' })
  @ApiErrors(400, 404)
  versions(@Param('id') actionId: string, @Query() query: ListActionVersionsQuery): Promise<ActionVersionListView> {
    return this.actions.versions(actionId, query);
  }

  @Get('actions/:id/versions/:versionId')
  @Scopes('read:actions')
  @ApiOperation({ operationId: 'get_action_version', summary: 'Get a specific version of an action' })
  @ApiOkResponse({ type: ActionVersionView })
  @ApiErrors(404)
  version(@Param('id') actionId: string, @Param('versionId') versionId: string): Promise<ActionVersionView> {
    return this.actions.version(actionId, versionId);
  }

  @Get('triggers')
  @Scopes('read:actions')
  @ApiOperation({ operationId: 'get_triggers', summary: 'Get triggers' })
  @ApiOkResponse({ type: ActionTriggerListView })
  getTriggers(): ActionTriggerListView {
    return this.actions.triggers() as ActionTriggerListView;
  }
}
