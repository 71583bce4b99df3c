import { HttpStatus, Injectable } from '@nestjs/common';
import type { ActionCommand } from '../action-runtime/action-run.js';
import { ApiError } from '../common/api-error.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { UserRow } from '../users/dto/user.view.js';
import { profileDefaults } from '../users/user-defaults.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  connectionNotEnabled,
  connectionNotFound,
  immutableAttribute,
  missingUserId,
  userConflict,
  userNotCreated,
  userNotFound,
} from './token-exchange-errors.js';

type SetUserCommand = Extract<ActionCommand, { op: 'authentication.setUserById' | 'authentication.setUserByConnection' }>;
type ByConnection = Extract<ActionCommand, { op: 'authentication.setUserByConnection' }>;
type MetadataCommand = Extract<ActionCommand, { op: 'user.setAppMetadata' | 'user.setUserMetadata' }>;
type Metadata = Record<string, unknown>;

// What setUserByConnection may not change on an existing user (Auth0's list; `phone` is our phone_number).
const IMMUTABLE = ['email', 'email_verified', 'username', 'phone_number'] as const;
// What updateBehavior 'replace' rewrites.
const PROFILE = ['name', 'given_name', 'family_name', 'nickname', 'picture'] as const;

/** The user a custom token exchange action set, found or created as Auth0 does, and its metadata writes. */
@Injectable()
export class ExchangeUsers {
  constructor(
    private readonly users: UsersRepository,
    private readonly connections: ConnectionsRepository,
  ) {}

  async resolve(command: SetUserCommand, clientId: string): Promise<UserRow> {
    if (command.op === 'authentication.setUserById') {
      const user = await this.users.find(command.user_id);
      if (!user) throw userNotFound(command.user_id);
      return user;
    }
    return this.byConnection(command, clientId);
  }

  /** The action's setAppMetadata/setUserMetadata calls, in order, merged into the user in one locked write. */
  async applyMetadata(user: UserRow, commands: MetadataCommand[]): Promise<UserRow> {
    if (commands.length === 0) return user;
    return this.users.update(user.user_id, (current) => {
      const app = new Map(Object.entries(asObject(current.app_metadata)));
      const own = new Map(Object.entries(asObject(current.user_metadata)));
      for (const command of commands) {
        const target = command.op === 'user.setAppMetadata' ? app : own;
        // Auth0: a value of null removes the property.
        if (command.value === null || command.value === undefined) target.delete(command.key);
        else target.set(command.key, command.value);
      }
      return {
        app_metadata: Object.fromEntries(app) as Prisma.InputJsonObject,
        user_metadata: Object.fromEntries(own) as Prisma.InputJsonObject,
      };
    });
  }

  private async byConnection(command: ByConnection, clientId: string): Promise<UserRow> {
    const found = await this.connections.findForClient(command.connection, clientId);
    if (!found) throw connectionNotFound(command.connection);
    // Auth0: the connection must also be enabled for the application.
    if (!found.enabled) throw connectionNotEnabled(command.connection);
    const attributes = command.attributes;
    const localId = attributes.user_id;
    if (typeof localId !== 'string' || localId === '') throw missingUserId();
    // The attribute is the id within the connection; the user id adds the provider, as Auth0's identities do.
    const provider = found.strategy;
    const userId = localId.startsWith(`${provider}|`) ? localId : `${provider}|${localId}`;
    const existing = await this.users.find(userId);
    if (existing) {
      if (existing.connection_id !== found.id) throw userConflict();
      if (command.options.updateBehavior !== 'replace') return existing;
      for (const name of IMMUTABLE) {
        const given = attributes[name];
        const stored = name === 'email' && typeof given === 'string' ? given.toLowerCase() : given;
        if (given !== undefined && stored !== existing[name]) throw immutableAttribute(name);
      }
      // Only the attributes given are replaced; the action cannot clear one by leaving it out.
      return this.users.update(userId, () => Object.fromEntries(PROFILE.flatMap((name) => strings(attributes, name))));
    }
    if (command.options.creationBehavior !== 'create_if_not_exists') throw userNotCreated(userId);
    const email = typeof attributes.email === 'string' ? attributes.email.toLowerCase() : undefined;
    const profile = Object.fromEntries(PROFILE.flatMap((name) => strings(attributes, name))) as Record<string, string>;
    try {
      return await this.users.create({
        user_id: userId,
        connection_id: found.id,
        email,
        email_verified: attributes.email_verified === true,
        username: typeof attributes.username === 'string' ? attributes.username.toLowerCase() : undefined,
        phone_number: typeof attributes.phone_number === 'string' ? attributes.phone_number : undefined,
        given_name: profile.given_name,
        family_name: profile.family_name,
        ...(email ? profileDefaults(email, profile) : { name: profile.name, nickname: profile.nickname, picture: profile.picture }),
      });
    } catch (error) {
      // Another user of the connection holds the email or username (or a concurrent exchange created this one).
      if (!(error instanceof ApiError && error.status === HttpStatus.CONFLICT)) throw error;
      const raced = await this.users.find(userId);
      if (raced?.connection_id === found.id) return raced;
      throw userConflict();
    }
  }
}

function strings(attributes: Record<string, unknown>, name: string): [string, string][] {
  const value = attributes[name];
  return typeof value === 'string' ? [[name, value]] : [];
}

function asObject(value: unknown): Metadata {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Metadata) : {};
}
