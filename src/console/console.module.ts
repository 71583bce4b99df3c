import { Module } from '@nestjs/common';
import { OAuthModule } from '../oauth/oauth.module.js';
import { ConsoleAuth } from './console-auth.service.js';
import { ConsoleController } from './console.controller.js';
import { ConsoleForward } from './console-forward.js';
import { ConsoleInsight } from './console-insight.js';
import { ConsoleInsightRepository } from './console-insight.repository.js';
import { ConsoleSessions } from './console-sessions.js';

/** The tenant console at /console: its built page, sign-in and sessions, and its forward to /api/v2. */
@Module({
  imports: [OAuthModule],
  controllers: [ConsoleController],
  providers: [ConsoleAuth, ConsoleSessions, ConsoleForward, ConsoleInsight, ConsoleInsightRepository],
})
export class ConsoleModule {}
