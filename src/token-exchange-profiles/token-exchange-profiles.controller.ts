import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { CheckpointPage } from '../common/pagination/pagination.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { ApiPageResponse } from '../openapi/api-page-response.decorator.js';
import { CreateTokenExchangeProfileDto } from './dto/create-token-exchange-profile.dto.js';
import { ListTokenExchangeProfilesQuery } from './dto/list-token-exchange-profiles.query.js';
import { TokenExchangeProfileView } from './dto/token-exchange-profile.view.js';
import { UpdateTokenExchangeProfileDto } from './dto/update-token-exchange-profile.dto.js';
import { TokenExchangeProfilesService } from './token-exchange-profiles.service.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('token-exchange-profiles')
@Controller('token-exchange-profiles')
export class TokenExchangeProfilesController {
  constructor(private readonly profiles: TokenExchangeProfilesService) {}

  @ManagementWrite()
  @Post()
  @Scopes('create:token_exchange_profiles')
  @ApiOperation({ operationId: 'post_token-exchange-profiles', summary: 'Create a token exchange profile' })
  @ApiCreatedResponse({ type: TokenExchangeProfileView, description: 'The profile was created.' })
  // 404: the action_id names no action.
  @ApiErrors(400, 404, 409)
  create(@Body() dto: CreateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    return this.profiles.create(dto);
  }

  @Get()
  @Scopes('read:token_exchange_profiles')
  @ApiOperation({ operationId: 'get_token-exchange-profiles', summary: 'Get token exchange profiles' })
  @ApiPageResponse('token_exchange_profiles', TokenExchangeProfileView, ['checkpoint'])
  @ApiErrors(400)
  list(@Query() query: ListTokenExchangeProfilesQuery): Promise<CheckpointPage<'token_exchange_profiles', TokenExchangeProfileView>> {
    return this.profiles.list(query);
  }

  @Get(':id')
  @Scopes('read:token_exchange_profiles')
  @ApiOperation({ operationId: 'get_token-exchange-profiles_by_id', summary: 'Get a token exchange profile' })
  @ApiOkResponse({ type: TokenExchangeProfileView })
  @ApiErrors(404)
  get(@Param('id') id: string): Promise<TokenExchangeProfileView> {
    return this.profiles.get(id);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:token_exchange_profiles')
  @ApiOperation({ operationId: 'patch_token-exchange-profiles_by_id', summary: 'Update a token exchange profile' })
  @ApiOkResponse({ type: TokenExchangeProfileView, description: 'The updated profile.' })
  @ApiErrors(400, 404, 409)
  update(@Param('id') id: string, @Body() changes: UpdateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    return this.profiles.update(id, changes);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:token_exchange_profiles')
  @ApiOperation({ operationId: 'delete_token-exchange-profiles_by_id', summary: 'Delete a token exchange profile' })
  @ApiNoContentResponse({ description: 'The profile was deleted, or did not exist.' })
  remove(@Param('id') id: string): Promise<void> {
    return this.profiles.remove(id);
  }
}
