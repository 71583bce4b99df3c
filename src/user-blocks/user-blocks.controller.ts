import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import type { LoggedRequest } from '../logs/log-entry.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { UserIdParams } from '../users/dto/user.params.js';
import { ListUserBlocksByIdentifierQuery, UserBlocksIdentifierQuery, UserBlocksQuery } from './dto/user-blocks.query.js';
import { UserBlocksView } from './dto/user-blocks.view.js';
import { UserBlocksService } from './user-blocks.service.js';

@ApiTags('user-blocks')
@Controller('user-blocks')
export class UserBlocksController {
  constructor(private readonly blocks: UserBlocksService) {}

  @Get()
  @Scopes('read:users')
  @ApiOperation({ operationId: 'get_user_blocks', summary: 'Get blocks by identifier' })
  @ApiOkResponse({ type: UserBlocksView })
  @ApiErrors(400)
  listByIdentifier(@Query() { identifier }: ListUserBlocksByIdentifierQuery): Promise<UserBlocksView> {
    return this.blocks.ofIdentifier(identifier);
  }

  @ManagementWrite()
  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('update:users')
  @ApiOperation({ operationId: 'delete_user_blocks', summary: 'Unblock by identifier' })
  @ApiNoContentResponse({ description: 'The blocks of every user the identifier names were lifted (or there were none).' })
  @ApiErrors(400)
  removeByIdentifier(@Query() { identifier }: UserBlocksIdentifierQuery, @Req() request: LoggedRequest): Promise<void> {
    return this.blocks.unblockIdentifier(identifier, request);
  }

  @Get(':id')
  @Scopes('read:users')
  @ApiOperation({ operationId: 'get_user_blocks_by_id', summary: "Get a user's blocks" })
  @ApiOkResponse({ type: UserBlocksView })
  @ApiErrors(400, 404)
  // The query is validated (a flag that is not a boolean is a 400, as in Auth0) but unused:
  // brute-force protection is always on here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  list(@Param() { id }: UserIdParams, @Query() _query: UserBlocksQuery): Promise<UserBlocksView> {
    return this.blocks.ofUser(id);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('update:users')
  @ApiOperation({ operationId: 'delete_user_blocks_by_id', summary: 'Unblock a user' })
  @ApiNoContentResponse({ description: "The user's blocks were lifted (or there were none)." })
  @ApiErrors(400, 404)
  remove(@Param() { id }: UserIdParams, @Req() request: LoggedRequest): Promise<void> {
    return this.blocks.unblockUser(id, request);
  }
}
