import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { CreateLogStreamDto } from './dto/create-log-stream.dto.js';
import { LogStreamView } from './dto/log-stream.view.js';
import { UpdateLogStreamDto } from './dto/update-log-stream.dto.js';
import { LogStreamsService } from './log-streams.service.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('log-streams')
@Controller('log-streams')
export class LogStreamsController {
  constructor(private readonly streams: LogStreamsService) {}

  // 200, not 201: Auth0's documented answer to a created log stream (best guess where the SDK is silent).
  @ManagementWrite()
  @Post()
  @HttpCode(HttpStatus.OK)
  @Scopes('create:log_streams')
  @ApiOperation({ operationId: 'post_log-streams', summary: 'Create a log stream' })
  @ApiOkResponse({ type: LogStreamView, description: 'The log stream was created.' })
  @ApiErrors(400)
  create(@Body() dto: CreateLogStreamDto): Promise<LogStreamView> {
    return this.streams.create(dto);
  }

  @Get()
  @Scopes('read:log_streams')
  @ApiOperation({ operationId: 'get_log-streams', summary: 'Get log streams' })
  @ApiOkResponse({ type: [LogStreamView] })
  list(): Promise<LogStreamView[]> {
    return this.streams.list();
  }

  @Get(':id')
  @Scopes('read:log_streams')
  @ApiOperation({ operationId: 'get_log-streams_by_id', summary: 'Get log stream by ID' })
  @ApiOkResponse({ type: LogStreamView })
  @ApiErrors(404)
  get(@Param('id') id: string): Promise<LogStreamView> {
    return this.streams.get(id);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:log_streams')
  @ApiOperation({ operationId: 'patch_log-streams_by_id', summary: 'Update a log stream' })
  @ApiOkResponse({ type: LogStreamView, description: 'The updated log stream.' })
  @ApiErrors(400, 404)
  update(@Param('id') id: string, @Body() dto: UpdateLogStreamDto): Promise<LogStreamView> {
    return this.streams.update(id, dto);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:log_streams')
  @ApiOperation({ operationId: 'delete_log-streams_by_id', summary: 'Delete log stream' })
  @ApiNoContentResponse({ description: 'The log stream was deleted, or did not exist.' })
  remove(@Param('id') id: string): Promise<void> {
    return this.streams.remove(id);
  }
}
