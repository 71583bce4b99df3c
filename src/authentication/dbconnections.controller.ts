import { Body, Controller, Header, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { CHANGE_PASSWORD_ROUTE, SIGNUP_ROUTE } from '../routes.js';
import { AuthenticationEvents } from './authentication-events.js';
import { DbConnectionError } from './dbconnection-errors.js';
import { DbConnectionFields } from './dbconnection-request.js';
import { PasswordResetService } from './password-reset.service.js';
import { SignupService, type SignupAnswer } from './signup.service.js';

/** Auth0's answer to every change password request, whether or not the user exists. */
const RESET_REQUESTED = "We've just sent you an email to reset your password.";

/**
 * Auth0's database connection endpoints of the Authentication API, outside /api/v2. Their bodies
 * stay untyped, so their errors keep Auth0's shape there (DbConnectionError) rather than the API
 * pipe's; each outcome leaves its tenant log entry.
 */
@Public()
@ApiExcludeController()
@Controller()
export class DbConnectionsController {
  constructor(
    private readonly signups: SignupService,
    private readonly resets: PasswordResetService,
    private readonly events: AuthenticationEvents,
  ) {}

  @Post(SIGNUP_ROUTE)
  @HttpCode(HttpStatus.OK)
  async signUp(
    @Body() body: unknown,
    @Req() http: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignupAnswer | Record<string, unknown>> {
    const fields = new DbConnectionFields(body);
    const named = { client_id: safe(() => fields.text('client_id')), connection: safe(() => fields.text('connection')) };
    try {
      const answer = await this.signups.signUp(fields);
      this.events.record(http, { type: 'ss', description: 'Successful signup', ...named, user_id: `auth0|${answer._id}` });
      return answer;
    } catch (error) {
      if (!(error instanceof DbConnectionError)) throw error;
      this.events.record(http, {
        type: 'fs',
        description: error.message,
        ...named,
        response: { statusCode: error.body.statusCode, body: error.body },
      });
      void reply.code(error.body.statusCode);
      return error.body;
    }
  }

  @Post(CHANGE_PASSWORD_ROUTE)
  @HttpCode(HttpStatus.OK)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  async changePassword(
    @Body() body: unknown,
    @Req() http: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Record<string, unknown>> {
    const fields = new DbConnectionFields(body);
    const named = { client_id: safe(() => fields.text('client_id')), connection: safe(() => fields.text('connection')) };
    try {
      const outcome = await this.resets.request(fields);
      this.events.record(
        http,
        outcome.sent
          ? { type: 'scpr', description: 'Change password request', ...named, user_id: outcome.userId }
          : { type: 'fcpr', description: outcome.reason, ...named, user_id: outcome.userId },
      );
      return RESET_REQUESTED;
    } catch (error) {
      if (!(error instanceof DbConnectionError)) throw error;
      this.events.record(http, {
        type: 'fcpr',
        description: error.message,
        ...named,
        response: { statusCode: error.body.statusCode, body: error.body },
      });
      void reply.code(error.body.statusCode).type('application/json; charset=utf-8');
      return error.body;
    }
  }
}

/** A field for the log entry, or nothing when it was not even a string. */
function safe(read: () => string | undefined): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
