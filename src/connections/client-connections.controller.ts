import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { ConnectionsService } from './connections.service.js';
import { ConnectionView } from './dto/connection.view.js';
import { ListClientConnectionsQuery } from './dto/list-connections.query.js';

/** A client's enabled connections, from the client's side: GET /clients/{id}/connections. */
@ApiTags('clients')
@Controller('clients/:id/connections')
export class ClientConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  // Auth0 lists read:connections, read:clients and read:client_summary; the answer is connections
  // (their options included), so read:connections it is.
  @Get()
  @Scopes('read:connections')
  @ApiOperation({ operationId: 'get_client_connections', summary: 'Get enabled connections for a client' })
  @ApiPageResponse('connections', ConnectionView, ['checkpoint'])
  @ApiErrors(400, 404)
  list(@Param('id') id: string, @Query() query: ListClientConnectionsQuery): Promise<ListResult<'connections', Partial<ConnectionView>>> {
    return this.connections.listForClient(id, query);
  }
}
