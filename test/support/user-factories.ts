import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { MembersClient } from 'auth0/organizations/members';
import { UsersClient } from 'auth0/users';
import { MembersClient as MembersClientV6 } from 'auth0-v6/organizations/members';
import { UsersClient as UsersClientV6 } from 'auth0-v6/users';
import { newId } from '../../src/common/ids.js';
import type { PrismaService } from '../../src/database/prisma.service.js';
import type { Prisma } from '../../src/generated/prisma/client.js';

const unique = (): string => randomBytes(5).toString('hex');

/** A password every policy level accepts (length 12, four character groups, no triple). */
export const STRONG_PASSWORD = 'Correct-Horse-9';

/**
 * Database connections and users written straight to the database: the connections API is
 * built elsewhere in parallel, so these tests do not depend on it.
 */
export class UserFactories {
  constructor(private readonly prisma: PrismaService) {}

  connection(overrides: { name?: string; strategy?: string; options?: Prisma.InputJsonObject } = {}) {
    return this.prisma.connection.create({
      data: {
        id: newId('con'),
        name: overrides.name ?? `db-${unique()}`,
        strategy: overrides.strategy ?? 'auth0',
        options: overrides.options ?? {},
      },
    });
  }

  user(connectionId: string, overrides: Partial<Prisma.UserUncheckedCreateInput> = {}) {
    return this.prisma.user.create({
      data: {
        user_id: `auth0|${randomBytes(12).toString('hex')}`,
        connection_id: connectionId,
        email: `user-${unique()}@example.com`,
        name: `User ${unique()}`,
        picture: 'https://example.com/avatar.png',
        ...overrides,
      },
    });
  }

  /** `count` users in one statement; their ids, sorted. */
  async users(connectionId: string, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => `auth0|${randomBytes(12).toString('hex')}`).sort();
    await this.prisma.user.createMany({
      data: ids.map((user_id) => ({ user_id, connection_id: connectionId, email: `bulk-${unique()}@example.com` })),
    });
    return ids;
  }
}

/** The official SDKs' users and organization-members clients (v7, and v6 as a0deploy resolves it). */
export function userSdks(baseUrl: string, token: string) {
  const options = { baseUrl, token, maxRetries: 0 };
  return {
    users: new UsersClient(options),
    members: new MembersClient(options),
    usersV6: new UsersClientV6(options),
    membersV6: new MembersClientV6(options),
  };
}

/** An SDK call (v6 or v7) refused with our status and exactly our error body. */
export async function sdkRejects(call: Promise<unknown>, status: number, errorCode: string, message: string): Promise<void> {
  const error = (await call.then(
    () => assert.fail(`expected a ${status} refusal`),
    (e: unknown) => e,
  )) as { statusCode?: number; body?: unknown };
  assert.equal(error.statusCode, status, JSON.stringify(error.body));
  assert.deepEqual(error.body, { statusCode: status, error: STATUS_CODES[status], message, errorCode });
}
