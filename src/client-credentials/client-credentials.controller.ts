import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ClientCredentialsService } from './client-credentials.service.js';
import { ClientCredentialView } from './dto/client-credential.view.js';
import { CreateClientCredentialDto } from './dto/create-client-credential.dto.js';
import { UpdateClientCredentialDto } from './dto/update-client-credential.dto.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

/** A client's public keys (Auth0's client credentials), which private_key_jwt authenticates with. */
@ApiTags('clients')
@Controller('clients/:id/credentials')
export class ClientCredentialsController {
  constructor(private readonly credentials: ClientCredentialsService) {}

  @Get()
  @Scopes('read:client_credentials')
  @ApiOperation({ operationId: 'get_credentials', summary: 'Get client credentials' })
  @ApiOkResponse({ type: [ClientCredentialView] })
  @ApiErrors(404)
  list(@Param('id') clientId: string): Promise<ClientCredentialView[]> {
    return this.credentials.list(clientId);
  }

  @ManagementWrite()
  @Post()
  @Scopes('create:client_credentials')
  @ApiOperation({ operationId: 'post_credentials', summary: 'Create a client credential' })
  @ApiCreatedResponse({ type: ClientCredentialView, description: 'The credential was created; its pem is never returned.' })
  @ApiErrors(400, 404)
  create(@Param('id') clientId: string, @Body() input: CreateClientCredentialDto): Promise<ClientCredentialView> {
    return this.credentials.create(clientId, input);
  }

  @Get(':credential_id')
  @Scopes('read:client_credentials')
  @ApiOperation({ operationId: 'get_credentials_by_credential_id', summary: 'Get client credential details' })
  @ApiOkResponse({ type: ClientCredentialView })
  @ApiErrors(404)
  get(@Param('id') clientId: string, @Param('credential_id') id: string): Promise<ClientCredentialView> {
    return this.credentials.get(clientId, id);
  }

  @ManagementWrite()
  @Patch(':credential_id')
  @Scopes('update:client_credentials')
  @ApiOperation({ operationId: 'patch_credentials_by_credential_id', summary: 'Update a client credential' })
  @ApiOkResponse({ type: ClientCredentialView, description: 'The updated credential.' })
  @ApiErrors(400, 404)
  update(
    @Param('id') clientId: string,
    @Param('credential_id') id: string,
    @Body() changes: UpdateClientCredentialDto,
  ): Promise<ClientCredentialView> {
    return this.credentials.update(clientId, id, changes);
  }

  @ManagementWrite()
  @Delete(':credential_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:client_credentials')
  @ApiOperation({ operationId: 'delete_credentials_by_credential_id', summary: 'Delete a client credential' })
  @ApiNoContentResponse({ description: 'The credential was deleted, or did not exist.' })
  remove(@Param('id') clientId: string, @Param('credential_id') id: string): Promise<void> {
    return this.credentials.remove(clientId, id);
  }
}
