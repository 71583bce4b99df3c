import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import type { UserView } from '../users/dto/user.view.js';
import { passwordPolicyReport } from '../users/password-policy.js';
import { USER_ID_PREFIX } from '../users/user-defaults.js';
import { UsersService } from '../users/users.service.js';
import { DbConnectionError, invalidSignup, passwordTooWeak, signupDisabled } from './dbconnection-errors.js';
import { ClientDatabaseConnections, type DbConnectionFields } from './dbconnection-request.js';

const PROFILE = ['username', 'given_name', 'family_name', 'name', 'nickname', 'picture'] as const;

/** What Auth0 answers a sign-up with: the new user's id without its provider, and what was given. */
export type SignupAnswer = { _id: string; email: string; email_verified: boolean } & Partial<Record<(typeof PROFILE)[number], string>> & {
    user_metadata?: Record<string, unknown>;
  };

/**
 * POST /dbconnections/signup: a user made in a database connection enabled for the client, its
 * password held to the connection's policy, through the users feature's own creation (so the
 * Management API and sign-up make users alike).
 */
@Injectable()
export class SignupService {
  constructor(
    private readonly clientConnections: ClientDatabaseConnections,
    private readonly connections: ConnectionsRepository,
    private readonly users: UsersService,
  ) {}

  async signUp(fields: DbConnectionFields): Promise<SignupAnswer> {
    const clientId = fields.required('client_id');
    const connection = fields.required('connection');
    const email = fields.email();
    const password = fields.required('password');
    const profile = Object.fromEntries(PROFILE.flatMap((name) => (fields.text(name) === undefined ? [] : [[name, fields.text(name)]])));
    const userMetadata = fields.object('user_metadata');
    await this.clientConnections.resolve(clientId, connection);
    const options = (await this.connections.findByName(connection))?.options as { disable_signup?: unknown } | undefined;
    // A connection whose users are only made by an administrator (Auth0's disable_signup).
    if (options?.disable_signup === true) throw signupDisabled();
    const report = passwordPolicyReport(password, options);
    if (!report.verified) throw passwordTooWeak(report);
    let user: UserView;
    try {
      user = await this.users.create({ connection, email, password, ...profile, user_metadata: userMetadata });
    } catch (error) {
      // Auth0 says no more than "Invalid sign up" of a user that exists, so sign-up does not reveal accounts.
      if (error instanceof ApiError && error.status === HttpStatus.CONFLICT) throw invalidSignup();
      if (error instanceof ApiError && error.status === HttpStatus.BAD_REQUEST)
        throw new DbConnectionError({ name: 'BadRequestError', code: error.errorCode, description: error.message, statusCode: 400 });
      throw error;
    }
    return {
      _id: user.user_id.startsWith(USER_ID_PREFIX) ? user.user_id.slice(USER_ID_PREFIX.length) : user.user_id,
      email_verified: user.email_verified,
      email: user.email ?? email,
      ...profile,
      ...(userMetadata ? { user_metadata: userMetadata } : {}),
    };
  }
}
