import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { requireCredentialsScope } from './client-authentication-methods.js';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../auth/principal.js';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { ClientsService, type SecretAccess } from './clients.service.js';
import { CreateClientDto } from './dto/create-client.dto.js';
import type { ListResult } from '../common/pagination/pagination.js';
import { ClientView, ClientWithSecretView } from './dto/client.view.js';
import { FieldsQuery } from '../common/fields.js';
import { ListClientsQuery } from './dto/list-clients.query.js';
import { UpdateClientDto } from './dto/update-client.dto.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('clients')
@Controller('clients')
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @ManagementWrite()
  @Post()
  @Scopes('create:clients')
  @ApiOperation({ operationId: 'post_clients', summary: 'Create a client' })
  @ApiCreatedResponse({ type: ClientWithSecretView, description: 'The client was created; its secret is shown this once.' })
  // 404: a default_organization naming no organization.
  @ApiErrors(400, 404)
  create(@Body() input: CreateClientDto, @Req() request: AuthenticatedRequest): Promise<ClientWithSecretView> {
    requireCredentialsScope(request.user, input, 'create');
    return this.clients.create(input);
  }

  @Get()
  @Scopes('read:clients', 'read:client_keys')
  @ApiOperation({ operationId: 'get_clients', summary: 'Get clients' })
  @ApiPageResponse('clients', ClientView, ['offset', 'checkpoint'])
  @ApiErrors(400)
  list(@Query() query: ListClientsQuery, @Req() request: AuthenticatedRequest): Promise<ListResult<'clients', ClientView>> {
    return this.clients.list(query, secretAccess(request));
  }

  @Get(':id')
  @Scopes('read:clients', 'read:client_keys')
  @ApiOperation({ operationId: 'get_clients_by_id', summary: 'Get client by ID' })
  @ApiOkResponse({ type: ClientView })
  @ApiErrors(400, 404)
  get(@Param('id') id: string, @Query() query: FieldsQuery, @Req() request: AuthenticatedRequest): Promise<ClientView> {
    return this.clients.get(id, query, secretAccess(request));
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:clients', 'update:client_keys')
  @ApiOperation({ operationId: 'patch_clients_by_id', summary: 'Update a client' })
  @ApiOkResponse({ type: ClientView, description: 'The updated client.' })
  @ApiErrors(400, 404)
  update(@Param('id') id: string, @Body() changes: UpdateClientDto, @Req() request: AuthenticatedRequest): Promise<ClientView> {
    requireCredentialsScope(request.user, changes, 'update');
    return this.clients.update(id, changes, secretAccess(request));
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:clients')
  @ApiOperation({ operationId: 'delete_clients_by_id', summary: 'Delete a client' })
  @ApiNoContentResponse({ description: 'The client and its grants were deleted, or it did not exist.' })
  remove(@Param('id') id: string): Promise<void> {
    return this.clients.remove(id);
  }

  @ManagementWrite()
  @Post(':id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @Scopes('update:client_keys')
  @ApiOperation({ operationId: 'post_rotate-secret', summary: 'Rotate a client secret' })
  @ApiOkResponse({ type: ClientWithSecretView, description: 'The client with its new secret, shown this once.' })
  @ApiErrors(404)
  rotateSecret(@Param('id') id: string): Promise<ClientWithSecretView> {
    return this.clients.rotateSecret(id);
  }
}

/** Auth0 shows a client's secret on reads and updates only to read:client_keys, and lets only update:client_keys set it. */
function secretAccess(request: AuthenticatedRequest): SecretAccess {
  const scopes = request.user?.scopes;
  return { readKeys: scopes?.has('read:client_keys') === true, updateKeys: scopes?.has('update:client_keys') === true };
}
