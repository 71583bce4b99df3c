import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Query } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { CheckpointPage } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { ConnectionClientsService } from './connection-clients.service.js';
import { ConnectionIdParams } from './dto/connection.params.js';
import { ENABLED_CLIENT_CHANGES_SCHEMA, EnabledClientView, ListEnabledClientsQuery } from './dto/enabled-clients.dto.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('connections')
@Controller('connections/:id/clients')
export class ConnectionClientsController {
  constructor(private readonly clients: ConnectionClientsService) {}

  @Get()
  @Scopes('read:connections')
  @ApiOperation({ operationId: 'get_connection_clients', summary: 'Get enabled clients for a connection' })
  @ApiPageResponse('clients', EnabledClientView, ['checkpoint'])
  @ApiErrors(400, 404)
  list(
    @Param() { id }: ConnectionIdParams,
    @Query() query: ListEnabledClientsQuery,
  ): Promise<CheckpointPage<'clients', EnabledClientView>> {
    return this.clients.list(id, query);
  }

  // The body is an array, which the validation pipe's DTOs cannot describe: typed unknown, the pipe passes it, the service reads it.
  @ManagementWrite()
  @Patch()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('update:connections')
  @ApiOperation({ operationId: 'patch_clients', summary: 'Update enabled clients for a connection' })
  @ApiBody({ schema: ENABLED_CLIENT_CHANGES_SCHEMA })
  @ApiNoContentResponse({ description: 'The enabled clients were updated.' })
  @ApiErrors(400, 404)
  update(@Param() { id }: ConnectionIdParams, @Body() body: unknown): Promise<void> {
    return this.clients.update(id, body);
  }
}
