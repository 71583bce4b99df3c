import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { ConnectionsService } from './connections.service.js';
import { ConnectionIdParams } from './dto/connection.params.js';
import { ConnectionDeletedView, ConnectionView, ConnectionWithClientsView } from './dto/connection.view.js';
import { CreateConnectionDto } from './dto/create-connection.dto.js';
import { FieldsQuery } from '../common/fields.js';
import { ListConnectionsQuery } from './dto/list-connections.query.js';
import { UpdateConnectionDto } from './dto/update-connection.dto.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('connections')
@Controller('connections')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @ManagementWrite()
  @Post()
  @Scopes('create:connections')
  @ApiOperation({ operationId: 'post_connections', summary: 'Create a connection' })
  @ApiCreatedResponse({ type: ConnectionWithClientsView, description: 'The connection was created.' })
  @ApiErrors(400, 409)
  create(@Body() dto: CreateConnectionDto): Promise<ConnectionWithClientsView> {
    return this.connections.create(dto);
  }

  @Get()
  @Scopes('read:connections')
  @ApiOperation({ operationId: 'get_connections', summary: 'Get all connections' })
  @ApiPageResponse('connections', ConnectionView, ['offset', 'checkpoint'])
  @ApiErrors(400)
  list(@Query() query: ListConnectionsQuery): Promise<ListResult<'connections', Partial<ConnectionView>>> {
    return this.connections.list(query);
  }

  @Get(':id')
  @Scopes('read:connections')
  @ApiOperation({ operationId: 'get_connections_by_id', summary: 'Get a connection' })
  @ApiOkResponse({ type: ConnectionWithClientsView })
  @ApiErrors(400, 404)
  get(@Param() { id }: ConnectionIdParams, @Query() query: FieldsQuery): Promise<Partial<ConnectionWithClientsView>> {
    return this.connections.get(id, query);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:connections')
  @ApiOperation({ operationId: 'patch_connections_by_id', summary: 'Update a connection' })
  @ApiOkResponse({ type: ConnectionWithClientsView, description: 'The updated connection.' })
  @ApiErrors(400, 404, 409)
  update(@Param() { id }: ConnectionIdParams, @Body() dto: UpdateConnectionDto): Promise<ConnectionWithClientsView> {
    return this.connections.update(id, dto);
  }

  /**
   * Auth0 answers 202 ("being deleted") with when, for a connection it had, and 204 for one it no longer
   * has; never 404. (Auth0 answers a repeated delete 202 again while it still deletes; ours is done at once.)
   */
  @ManagementWrite()
  @Delete(':id')
  @Scopes('delete:connections')
  @ApiOperation({ operationId: 'delete_connections_by_id', summary: 'Delete a connection' })
  @ApiAcceptedResponse({
    type: ConnectionDeletedView,
    description: 'The connection, its users, enabled clients and organization links were deleted.',
  })
  @ApiNoContentResponse({ description: 'The connection no longer exists.' })
  @ApiErrors(400)
  async remove(
    @Param() { id }: ConnectionIdParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ConnectionDeletedView | undefined> {
    const deleted = await this.connections.remove(id);
    reply.status(deleted ? HttpStatus.ACCEPTED : HttpStatus.NO_CONTENT);
    return deleted ? { deleted_at: new Date().toISOString() } : undefined;
  }
}
