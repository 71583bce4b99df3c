import { Module } from '@nestjs/common';
import { TokenExchangeProfilesController } from './token-exchange-profiles.controller.js';
import { TokenExchangeProfilesRepository } from './token-exchange-profiles.repository.js';
import { TokenExchangeProfilesService } from './token-exchange-profiles.service.js';

@Module({
  controllers: [TokenExchangeProfilesController],
  providers: [TokenExchangeProfilesService, TokenExchangeProfilesRepository],
  // The token endpoint finds the profile of each exchange through it.
  exports: [TokenExchangeProfilesRepository],
})
export class TokenExchangeProfilesModule {}
