import { Body, Controller, Delete, HttpCode, HttpStatus, Param, Patch } from '@nestjs/common';
import { ApiConsumes, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '../auth/scopes.decorator.js';
import { ApiErrors } from '../openapi/api-errors.decorator.js';
import { TokenExchangeProfileView } from './dto/token-exchange-profile.view.js';
import { UpdateTokenExchangeProfileDto } from './dto/update-token-exchange-profile.dto.js';
import { TokenExchangeProfilesService } from './token-exchange-profiles.service.js';

@ApiTags('token-exchange-profiles')
@Controller('token-exchange-profiles')
export class TokenExchangeProfilesController {
  constructor(private readonly profiles: TokenExchangeProfilesService) {}

  @Patch(':id')
  @Scopes('update:token_exchange_profiles')
  @ApiOperation({ operationId: 'patch_token-exchange-profiles_by_id', summary: 'Update a token exchange profile' })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiOkResponse({ type: TokenExchangeProfileView, description: 'The updated profile.' })
  @ApiErrors(400, 404, 409)
  update(@Param('id') id: string, @Body() changes: UpdateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    return this.profiles.update(id, changes);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Scopes('delete:token_exchange_profiles')
  @ApiOperation({ operationId: 'delete_token-exchange-profiles_by_id', summary: 'Delete a token exchange profile' })
  @ApiNoContentResponse({ description: 'The profile was deleted, or did not exist.' })
  remove(@Param('id') id: string): Promise<void> {
    return this.profiles.remove(id);
  }
}
