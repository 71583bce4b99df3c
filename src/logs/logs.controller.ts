import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { ListLogsQuery } from './dto/list-logs.query.js';
import { LogView } from './dto/log.view.js';
import { LogsService, type LogList } from './logs.service.js';

@ApiTags('logs')
@Controller('logs')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get()
  @Scopes('read:logs')
  @ApiOperation({ operationId: 'get_logs', summary: 'Search log events' })
  @ApiPageResponse('logs', LogView, ['offset'])
  @ApiErrors(400)
  async list(
    @Query() query: ListLogsQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LogList> {
    const { body, next } = await this.logs.list(query);
    // Checkpoint consumers follow the `next` link, as Auth0 asks them to.
    if (next) {
      const url = `${request.protocol}://${request.host}${request.url.split('?')[0]}?from=${encodeURIComponent(next.from)}&take=${next.take}`;
      void reply.header('Link', `<${url}>; rel="next"`);
    }
    return body;
  }

  @Get(':id')
  @Scopes('read:logs')
  @ApiOperation({ operationId: 'get_logs_by_id', summary: 'Get a log event by id' })
  @ApiOkResponse({ type: LogView })
  @ApiErrors(404)
  get(@Param('id') id: string): Promise<LogView> {
    return this.logs.get(id);
  }
}
