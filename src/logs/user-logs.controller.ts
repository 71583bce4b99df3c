import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { UserIdParams } from '../users/dto/user.params.js';
import { UserLogsQuery } from './dto/list-logs.query.js';
import { LogView } from './dto/log.view.js';
import { JSON_TYPE } from './logs.controller.js';
import { LogsService } from './logs.service.js';

/** A user's log entries: the token exchanges and management writes that name the user. */
@ApiTags('users')
@Controller('users/:id/logs')
export class UserLogsController {
  constructor(private readonly logs: LogsService) {}

  @Get()
  @Scopes('read:logs', 'read:logs_users')
  @ApiOperation({ operationId: 'get_logs_by_user', summary: "Get user's log events" })
  @ApiPageResponse('logs', LogView, ['offset'])
  @ApiErrors(400, 404)
  async list(
    @Param() { id }: UserIdParams,
    @Query() query: UserLogsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const json = await this.logs.listForUser(id, query);
    void reply.type(JSON_TYPE);
    return json;
  }
}
