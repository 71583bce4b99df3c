import { Module } from '@nestjs/common';
import { TokenExchangeProfilesController } from './token-exchange-profiles.controller.js';
import { TokenExchangeProfilesService } from './token-exchange-profiles.service.js';

@Module({
  controllers: [TokenExchangeProfilesController],
  providers: [TokenExchangeProfilesService],
})
export class TokenExchangeProfilesModule {}
