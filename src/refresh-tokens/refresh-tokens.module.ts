import { Module } from '@nestjs/common';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { RefreshTokens } from './refresh-tokens.service.js';

/** Refresh tokens: issued and redeemed by the token endpoint. */
@Module({
  providers: [RefreshTokensRepository, RefreshTokens],
  exports: [RefreshTokens],
})
export class RefreshTokensModule {}
