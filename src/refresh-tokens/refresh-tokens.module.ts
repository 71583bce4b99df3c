import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { RefreshTokensAdmin } from './refresh-tokens-admin.service.js';
import { RefreshTokensController } from './refresh-tokens.controller.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { RefreshTokens } from './refresh-tokens.service.js';

/** Refresh tokens: issued and redeemed by the token endpoint, read and deleted through the Management API. */
@Module({
  imports: [UsersModule],
  controllers: [RefreshTokensController],
  providers: [RefreshTokensRepository, RefreshTokens, RefreshTokensAdmin],
  exports: [RefreshTokens],
})
export class RefreshTokensModule {}
