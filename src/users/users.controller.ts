import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Req } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../auth/principal.js';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { ListUsersQuery } from './dto/list-users.query.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { FieldsQuery } from '../common/fields.js';
import { UserIdParams } from './dto/user.params.js';
import { UserView } from './dto/user.view.js';
import { appMetadataOnly } from './user-errors.js';
import { UsersService, type UserPage } from './users.service.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

const users = { type: 'array', items: { $ref: getSchemaPath(UserView) } } as const;
const integer = { type: 'integer' } as const;

// What update:users_app_metadata alone may change.
const METADATA_ONLY = new Set(['app_metadata', 'user_metadata']);

@ApiTags('users')
@ApiExtraModels(UserView)
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Scopes('read:users')
  @ApiOperation({ operationId: 'get_users', summary: 'List or Search Users' })
  @ApiOkResponse({
    description: 'One page of users: a bare array, or with include_totals an object that also holds the counts.',
    schema: {
      oneOf: [
        users,
        {
          type: 'object',
          required: ['start', 'limit', 'length', 'total', 'users'],
          properties: { start: integer, limit: integer, length: integer, total: integer, users },
        },
      ],
    },
  })
  @ApiErrors(400)
  list(@Query() query: ListUsersQuery): Promise<UserPage> {
    return this.users.list(query);
  }

  @ManagementWrite()
  @Post()
  @Scopes('create:users')
  @ApiOperation({ operationId: 'post_users', summary: 'Create a User' })
  @ApiCreatedResponse({ type: UserView, description: 'The user was created.' })
  @ApiErrors(400, 409)
  create(@Body() dto: CreateUserDto): Promise<UserView> {
    return this.users.create(dto);
  }

  @Get(':id')
  @Scopes('read:users')
  @ApiOperation({ operationId: 'get_users_by_id', summary: 'Get a User' })
  @ApiOkResponse({ type: UserView })
  @ApiErrors(400, 404)
  get(@Param() { id }: UserIdParams, @Query() { fields, include_fields }: FieldsQuery): Promise<Partial<UserView>> {
    return this.users.get(id, fields, include_fields);
  }

  @ManagementWrite()
  @Patch(':id')
  @Scopes('update:users', 'update:users_app_metadata')
  @ApiOperation({ operationId: 'patch_users_by_id', summary: 'Update a User' })
  @ApiOkResponse({ type: UserView, description: 'The updated user.' })
  @ApiErrors(400, 404)
  update(@Param() { id }: UserIdParams, @Body() dto: UpdateUserDto, @Req() request: AuthenticatedRequest): Promise<UserView> {
    const scopes = request.user?.scopes;
    if (!scopes?.has('update:users') && Object.keys(dto).some((name) => !METADATA_ONLY.has(name))) throw appMetadataOnly();
    return this.users.update(id, dto);
  }

  @ManagementWrite()
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:users')
  @ApiOperation({ operationId: 'delete_users_by_id', summary: 'Delete a User' })
  @ApiNoContentResponse({ description: 'The user was deleted (or did not exist), with its organization memberships.' })
  @ApiErrors(400)
  remove(@Param() { id }: UserIdParams): Promise<void> {
    return this.users.remove(id);
  }
}
