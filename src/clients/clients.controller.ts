import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ClientsService } from './clients.service.js';
import { CreateClientDto } from './dto/create-client.dto.js';
import type { ClientPage, ClientView } from './dto/client.view.js';
import { ListClientsQuery } from './dto/list-clients.query.js';
import { UpdateClientDto } from './dto/update-client.dto.js';

@ApiTags('clients')
@Controller('clients')
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Post()
  @Scopes('create:clients')
  @ApiOperation({ operationId: 'post_clients', summary: 'Create a machine-to-machine client' })
  create(@Body() input: CreateClientDto): Promise<ClientView> {
    return this.clients.create(input);
  }

  @Get()
  @Scopes('read:clients', 'read:client_keys')
  @ApiOperation({ operationId: 'get_clients', summary: 'Get clients' })
  list(@Query() query: ListClientsQuery): Promise<ClientView[] | ClientPage> {
    return this.clients.list(query);
  }

  @Get(':id')
  @Scopes('read:clients', 'read:client_keys')
  @ApiOperation({ operationId: 'get_clients_by_id', summary: 'Get client by ID' })
  get(@Param('id') id: string): Promise<ClientView> {
    return this.clients.get(id);
  }

  @Patch(':id')
  @Scopes('update:clients', 'update:client_keys')
  @ApiOperation({ operationId: 'patch_clients_by_id', summary: 'Update a client' })
  update(@Param('id') id: string, @Body() changes: UpdateClientDto): Promise<ClientView> {
    return this.clients.update(id, changes);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:clients')
  @ApiOperation({ operationId: 'delete_clients_by_id', summary: 'Delete a client' })
  remove(@Param('id') id: string): Promise<void> {
    return this.clients.remove(id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @Scopes('update:client_keys')
  @ApiOperation({ operationId: 'post_rotate_secret', summary: 'Rotate a client secret' })
  rotateSecret(@Param('id') id: string): Promise<ClientView> {
    return this.clients.rotateSecret(id);
  }
}
