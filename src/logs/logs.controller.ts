import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { ListLogsQuery } from './dto/list-logs.query.js';
import { LogView } from './dto/log.view.js';
import { LogsService } from './logs.service.js';

// The service answers JSON text (LogsService); sent as is, with the type Fastify gives a serialized object.
export const JSON_TYPE = 'application/json; charset=utf-8';

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
  ): Promise<string> {
    const { json, next } = await this.logs.list(query);
    // Checkpoint consumers follow the `next` link, as Auth0 asks them to.
    if (next) {
      const url = `${request.protocol}://${request.host}${request.url.split('?')[0]}?from=${encodeURIComponent(next.from)}&take=${next.take}`;
      void reply.header('Link', `<${url}>; rel="next"`);
    }
    void reply.type(JSON_TYPE);
    return json;
  }

  @Get(':id')
  @Scopes('read:logs')
  @ApiOperation({ operationId: 'get_logs_by_id', summary: 'Get a log event by id' })
  @ApiOkResponse({ type: LogView })
  @ApiErrors(404)
  async get(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const json = await this.logs.get(id);
    void reply.type(JSON_TYPE);
    return json;
  }
}
