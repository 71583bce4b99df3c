import { Module } from '@nestjs/common';
import { AuthenticationModule } from '../authentication/authentication.module.js';
import { UsersModule } from '../users/users.module.js';
import { UserBlocksController } from './user-blocks.controller.js';
import { UserBlocksService } from './user-blocks.service.js';

/** /user-blocks: brute-force protection's blocks, listed and lifted. */
@Module({
  imports: [AuthenticationModule, UsersModule],
  controllers: [UserBlocksController],
  providers: [UserBlocksService],
})
export class UserBlocksModule {}
