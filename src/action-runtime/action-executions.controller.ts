import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ActionExecutionsService } from './action-executions.service.js';
import { ActionExecutionView } from './action-execution.view.js';

@ApiTags('actions')
@Controller('actions/executions')
export class ActionExecutionsController {
  constructor(private readonly executions: ActionExecutionsService) {}

  @Get(':id')
  @Scopes('read:actions')
  @ApiOperation({ operationId: 'get_execution', summary: 'Get an execution' })
  @ApiOkResponse({ type: ActionExecutionView, description: 'What each action of the flow did, when, and its console output.' })
  @ApiErrors(404)
  get(@Param('id') id: string): Promise<ActionExecutionView> {
    return this.executions.get(id);
  }
}
