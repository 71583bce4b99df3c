import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { UsersByEmailQuery } from './dto/users-by-email.query.js';
import { UserView } from './dto/user.view.js';
import { UsersService } from './users.service.js';

@ApiTags('users-by-email')
@ApiExtraModels(UserView)
@Controller('users-by-email')
export class UsersByEmailController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Scopes('read:users')
  @ApiOperation({ operationId: 'get_users-by-email', summary: 'Search Users by Email' })
  @ApiOkResponse({
    description: 'Every user with that email, in any connection.',
    schema: { type: 'array', items: { $ref: getSchemaPath(UserView) } },
  })
  @ApiErrors(400)
  list(@Query() { email, fields, include_fields }: UsersByEmailQuery): Promise<Partial<UserView>[]> {
    return this.users.byEmail(email, fields, include_fields);
  }
}
