import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module.js';
import { UsersByEmailController } from './users-by-email.controller.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** /users and /users-by-email: users of database connections. */
@Module({
  imports: [ConnectionsModule],
  controllers: [UsersController, UsersByEmailController],
  providers: [UsersService, UsersRepository],
  // The token exchange grant finds, creates and updates the user an action sets; sign-up creates users as the API does.
  exports: [UsersRepository, UsersService],
})
export class UsersModule {}
