import { Injectable } from '@nestjs/common';
import { hashSecret } from '../clients/client-secret.js';
import { pageWindow } from '../common/pagination/pagination.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import type { Connection, Prisma } from '../generated/prisma/client.js';
import type { CreateUserDto } from './dto/create-user.dto.js';
import type { ListUsersQuery } from './dto/list-users.query.js';
import type { UpdateUserDto } from './dto/update-user.dto.js';
import { selectFields } from '../common/fields.js';
import { toUserView, type UserRow, type UserView } from './dto/user.view.js';
import { meetsPasswordPolicy } from './password-policy.js';
import { newUserId, profileDefaults } from './user-defaults.js';
import {
  connectionNotFound,
  connectionNotSupported,
  missingProperty,
  passwordTooWeak,
  userNotFound,
  usernameNotAllowed,
} from './user-errors.js';
import { parseSort, parseUserQuery } from './user-search.js';
import { UsersRepository } from './users.repository.js';

/** Auth0's list answer: a bare array, or with include_totals `{start, limit, length, total, users}`. */
export type UserPage = Partial<UserView>[] | { start: number; limit: number; length: number; total: number; users: Partial<UserView>[] };

type Metadata = Record<string, unknown>;

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly connections: ConnectionsRepository,
  ) {}

  async create(dto: CreateUserDto): Promise<UserView> {
    const connection = await this.connections.findByName(dto.connection);
    if (!connection) throw connectionNotFound();
    if (connection.strategy !== 'auth0') throw connectionNotSupported();
    if (requiresUsername(connection) && dto.username === undefined) throw missingProperty('username');
    checkUsernameAllowed(connection, dto.username);
    if (!meetsPasswordPolicy(dto.password, connection.options)) throw passwordTooWeak();
    // Auth0 keeps emails and usernames lowercased.
    const email = dto.email.toLowerCase();
    const row = await this.users.create({
      user_id: newUserId(dto.user_id),
      connection_id: connection.id,
      email,
      email_verified: dto.email_verified ?? false,
      username: dto.username?.toLowerCase(),
      phone_number: dto.phone_number,
      given_name: dto.given_name,
      family_name: dto.family_name,
      ...profileDefaults(email, dto),
      password_hash: await hashSecret(dto.password),
      blocked: dto.blocked,
      app_metadata: withoutNulls(dto.app_metadata ?? {}) as Prisma.InputJsonObject,
      user_metadata: withoutNulls(dto.user_metadata ?? {}) as Prisma.InputJsonObject,
    });
    return toUserView(row);
  }

  async list(query: ListUsersQuery): Promise<UserPage> {
    const window = pageWindow(query, 'offset');
    if (window.kind !== 'offset') throw new Error('users page by offset only');
    // search_engine v1/v2/v3 are read alike: the supported query subset means the same in each.
    const filter = { connection: query.connection, terms: parseUserQuery(query.q ?? '') };
    const skip = window.page * window.perPage;
    const rows = await this.users.list(filter, parseSort(query.sort), { skip, take: window.perPage });
    const users = rows.map((row) => selectFields(toUserView(row), query.fields, query.include_fields));
    if (!window.includeTotals) return users;
    return { start: skip, limit: window.perPage, length: users.length, total: await this.users.count(filter), users };
  }

  async get(userId: string, fields?: string, include?: boolean): Promise<Partial<UserView>> {
    const row = await this.users.find(userId);
    if (!row) throw userNotFound();
    return selectFields(toUserView(row), fields, include);
  }

  async byEmail(email: string, fields?: string, include?: boolean): Promise<Partial<UserView>[]> {
    return (await this.users.byEmail(email)).map((row) => selectFields(toUserView(row), fields, include));
  }

  async update(userId: string, dto: UpdateUserDto): Promise<UserView> {
    const current = await this.users.find(userId);
    if (!current) throw userNotFound();
    const needsConnection = dto.password !== undefined || dto.username !== undefined;
    const connection = needsConnection ? await this.connections.findById(current.connection_id) : undefined;
    if (connection) checkUsernameAllowed(connection, dto.username);
    if (dto.password !== undefined && !meetsPasswordPolicy(dto.password, connection?.options)) throw passwordTooWeak();
    const passwordHash = dto.password === undefined ? undefined : await hashSecret(dto.password);
    const row = await this.users.update(userId, (stored) => changesOf(dto, stored, passwordHash));
    return toUserView(row);
  }

  /** Idempotent, as Auth0's: deleting a user that is not there is still a 204. */
  remove(userId: string): Promise<void> {
    return this.users.delete(userId);
  }
}

const requiresUsername = (connection: Connection): boolean =>
  (connection.options as { requires_username?: unknown } | null)?.requires_username === true;

function checkUsernameAllowed(connection: Connection, username: string | undefined): void {
  if (username !== undefined && !requiresUsername(connection)) throw usernameNotAllowed();
}

function changesOf(dto: UpdateUserDto, stored: UserRow, passwordHash: string | undefined): Prisma.UserUncheckedUpdateInput {
  const email = dto.email?.toLowerCase();
  return {
    email,
    // A new email is unverified unless the same request says otherwise, as in Auth0.
    email_verified: dto.email_verified ?? (email !== undefined && email !== stored.email ? false : undefined),
    username: dto.username?.toLowerCase(),
    phone_number: dto.phone_number,
    given_name: dto.given_name,
    family_name: dto.family_name,
    name: dto.name,
    nickname: dto.nickname,
    picture: dto.picture,
    blocked: dto.blocked,
    password_hash: passwordHash,
    last_password_reset: passwordHash === undefined ? undefined : new Date(),
    app_metadata: dto.app_metadata && (merged(stored.app_metadata, dto.app_metadata) as Prisma.InputJsonObject),
    user_metadata: dto.user_metadata && (merged(stored.user_metadata, dto.user_metadata) as Prisma.InputJsonObject),
  };
}

/**
 * Auth0's metadata merge: top-level properties of the patch replace the stored ones (nested
 * objects are replaced whole), a property set to null is removed, and an empty object clears all.
 */
function merged(stored: unknown, patch: Metadata): Metadata {
  if (Object.keys(patch).length === 0) return {};
  const base = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Metadata) : {};
  return withoutNulls({ ...base, ...patch });
}

function withoutNulls(metadata: Metadata): Metadata {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== null));
}
