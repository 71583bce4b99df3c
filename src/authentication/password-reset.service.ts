import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { Mailer } from '../mail/mailer.js';
import { UsersRepository } from '../users/users.repository.js';
import type { DbConnectionFields } from './dbconnection-request.js';
import { ClientDatabaseConnections } from './dbconnection-request.js';
import { PasswordResetTicketsRepository } from './password-reset-tickets.repository.js';

// Auth0's default lifetime of a password reset link: 5 days.
const TICKET_LIFETIME_MS = 5 * 24 * 3600 * 1000;
/** Where the link in the email leads: the reset page, which redeems the ticket. */
const RESET_PAGE = 'lo/reset';

/** What a change password request came to, for its log entry (the answer is the same either way). */
type ResetOutcome = { sent: true; userId: string } | { sent: false; reason: string; userId?: string };

/**
 * POST /dbconnections/change_password: a single-use, expiring reset link emailed to the user of
 * the connection with that email. Whether such a user exists never shows in the answer.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly clientConnections: ClientDatabaseConnections,
    private readonly users: UsersRepository,
    private readonly tickets: PasswordResetTicketsRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async request(fields: DbConnectionFields): Promise<ResetOutcome> {
    const clientId = fields.required('client_id');
    const email = fields.email();
    const connection = await this.clientConnections.resolve(clientId, fields.required('connection'));
    const user = await this.users.findByLogin(connection.id, email);
    // By email only: findByLogin also matches a username.
    if (user?.email !== email.toLowerCase()) return { sent: false, reason: 'user does not exist' };
    const ticket = randomBytes(32).toString('base64url');
    await this.tickets.create(ticket, user.user_id, clientId, new Date(Date.now() + TICKET_LIFETIME_MS));
    const link = `${new URL(RESET_PAGE, this.config.tokenIssuer).href}?ticket=${ticket}#`;
    try {
      await this.mailer.send({
        to: user.email,
        subject: 'Reset your password',
        text: `We received a request to reset the password of ${user.email}.\n\nTo choose a new password, open this link:\n${link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
      });
    } catch (error) {
      this.logger.error(`password reset email to ${user.email} not sent: ${(error as Error).message}`);
      return { sent: false, reason: 'the email could not be sent', userId: user.user_id };
    }
    return { sent: true, userId: user.user_id };
  }
}
