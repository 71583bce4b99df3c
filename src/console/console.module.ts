import { Module } from '@nestjs/common';
import { OAuthModule } from '../oauth/oauth.module.js';
import { ConsoleAuth } from './console-auth.service.js';
import { ConsoleController } from './console.controller.js';
import { ConsoleForward } from './console-forward.js';
import { ConsoleSessions } from './console-sessions.js';

/** The tenant console at /console: its built page, sign-in and sessions, and its forward to /api/v2. */
@Module({
  imports: [OAuthModule],
  controllers: [ConsoleController],
  providers: [ConsoleAuth, ConsoleSessions, ConsoleForward],
})
export class ConsoleModule {}
