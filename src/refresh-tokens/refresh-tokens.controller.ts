import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { UserIdParams } from '../users/dto/user.params.js';
import { RefreshTokenIdParams, UserRefreshTokensQuery } from './dto/refresh-token.params.js';
import { RefreshTokenView, UserRefreshTokensView } from './dto/refresh-token.view.js';
import { RefreshTokensAdmin } from './refresh-tokens-admin.service.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

/** The Management API's refresh tokens: read and deleted by id, or all of a user's. */
@ApiTags('refresh-tokens')
@Controller()
export class RefreshTokensController {
  constructor(private readonly admin: RefreshTokensAdmin) {}

  @Get('refresh-tokens/:id')
  @Scopes('read:refresh_tokens')
  @ApiOperation({ operationId: 'get_refresh_token', summary: 'Get a refresh token' })
  @ApiOkResponse({ type: RefreshTokenView, description: 'The refresh token.' })
  @ApiErrors(400, 404)
  get(@Param() { id }: RefreshTokenIdParams): Promise<RefreshTokenView> {
    return this.admin.get(id);
  }

  @ManagementWrite()
  @Delete('refresh-tokens/:id')
  @HttpCode(HttpStatus.ACCEPTED)
  @Scopes('delete:refresh_tokens')
  @ApiOperation({ operationId: 'delete_refresh_token', summary: 'Delete a refresh token' })
  @ApiAcceptedResponse({ description: 'Refresh token deletion request accepted.' })
  @ApiErrors(400, 404)
  remove(@Param() { id }: RefreshTokenIdParams): Promise<void> {
    return this.admin.remove(id);
  }

  @Get('users/:id/refresh-tokens')
  @Scopes('read:refresh_tokens')
  @ApiOperation({ operationId: 'get_refresh_tokens_for_user', summary: "Get a user's refresh tokens" })
  @ApiOkResponse({ type: UserRefreshTokensView, description: "One page of the user's refresh tokens." })
  @ApiErrors(400, 404)
  listForUser(@Param() { id }: UserIdParams, @Query() { from, take }: UserRefreshTokensQuery): Promise<UserRefreshTokensView> {
    return this.admin.listForUser(id, from, take);
  }

  @ManagementWrite()
  @Delete('users/:id/refresh-tokens')
  @HttpCode(HttpStatus.ACCEPTED)
  @Scopes('delete:refresh_tokens')
  @ApiOperation({ operationId: 'delete_refresh_tokens_for_user', summary: "Delete a user's refresh tokens" })
  @ApiAcceptedResponse({ description: 'Refresh token deletion request accepted.' })
  @ApiErrors(400, 404)
  removeForUser(@Param() { id }: UserIdParams): Promise<void> {
    return this.admin.removeForUser(id);
  }
}
