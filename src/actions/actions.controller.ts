import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ActionWritesService } from './action-writes.service.js';
import { ActionsService } from './actions.service.js';
import { CreateActionDto } from './dto/create-action.dto.js';
import { DeployActionVersionDto } from './dto/deploy-action-version.dto.js';
import { DeleteActionQuery } from './dto/delete-action.query.js';
import { UpdateActionDto } from './dto/update-action.dto.js';
import { ActionListView, ActionVersionListView } from './dto/action-list.view.js';
import { ActionTriggerListView } from './dto/action-trigger.view.js';
import { ActionVersionView, ActionView } from './dto/action.view.js';
import { ListActionVersionsQuery } from './dto/list-action-versions.query.js';
import { ListActionsQuery } from './dto/list-actions.query.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('actions')
@Controller('actions')
export class ActionsController {
  constructor(
    private readonly actions: ActionsService,
    private readonly writes: ActionWritesService,
  ) {}

  @ManagementWrite()
  @Post('actions')
  @Scopes('create:actions')
  @ApiOperation({ operationId: 'post_action', summary: 'Create an action' })
  @ApiCreatedResponse({ type: ActionView, description: 'The action was created (as a draft: deploy it to use it).' })
  @ApiErrors(400, 409)
  create(@Body() dto: CreateActionDto): Promise<ActionView> {
    return this.writes.create(dto);
  }

  @ManagementWrite()
  @Patch('actions/:id')
  @Scopes('update:actions')
  @ApiOperation({ operationId: 'patch_action', summary: 'Update an action' })
  @ApiOkResponse({ type: ActionView, description: 'The updated draft.' })
  @ApiErrors(400, 404, 409)
  update(@Param('id') id: string, @Body() dto: UpdateActionDto): Promise<ActionView> {
    return this.writes.update(id, dto);
  }

  @ManagementWrite()
  @Delete('actions/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:actions')
  @ApiOperation({ operationId: 'delete_action', summary: 'Delete an action' })
  @ApiNoContentResponse({ description: 'The action and its versions were deleted.' })
  @ApiErrors(400, 404, 409)
  // The query is validated (a bad `force` is a 400 as in Auth0) but unused: there are no trigger
  // bindings to detach here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  remove(@Param('id') id: string, @Query() _query: DeleteActionQuery): Promise<void> {
    return this.writes.remove(id);
  }

  @ManagementWrite()
  @Post('actions/:id/deploy')
  @HttpCode(HttpStatus.OK)
  @Scopes('create:actions')
  @ApiOperation({ operationId: 'post_deploy_action', summary: 'Deploy an action' })
  @ApiOkResponse({ type: ActionVersionView, description: 'The new version, now the deployed one.' })
  @ApiErrors(400, 404)
  deploy(@Param('id') id: string): Promise<ActionVersionView> {
    return this.writes.deploy(id);
  }

  @ManagementWrite()
  @Post('actions/:id/versions/:versionId/deploy')
  @HttpCode(HttpStatus.OK)
  @Scopes('create:actions')
  @ApiOperation({ operationId: 'post_deploy_draft_version', summary: 'Roll back to a previous action version' })
  @ApiOkResponse({ type: ActionVersionView, description: 'The new version, identical to the one named, now the deployed one.' })
  @ApiErrors(400, 404)
  deployVersion(
    @Param('id') id: string,
    @Param('versionId') versionId: string,
    @Body() body: DeployActionVersionDto | undefined,
  ): Promise<ActionVersionView> {
    return this.writes.deployVersion(id, versionId, body?.update_draft ?? false);
  }

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
