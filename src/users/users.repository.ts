import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { columnList } from '../database/column-list.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Prisma, User } from '../generated/prisma/client.js';
import type { UserRow } from './dto/user.view.js';
import { connectionNotFound, emailTaken, userExists, userNotFound, usernameTaken } from './user-errors.js';
import type { SearchTerm } from './user-search.js';

// The unique indexes decide duplicates, so two concurrent creates cannot both win.
const createFailed = mapDatabaseErrors({
  constraints: {
    users_pkey: userExists,
    users_connection_id_email_key: userExists,
    users_connection_id_username_key: userExists,
    // A connection deleted between the lookup and the insert no longer exists.
    users_connection_id_fkey: connectionNotFound,
  },
});
const updateFailed = mapDatabaseErrors({
  constraints: { users_connection_id_email_key: emailTaken, users_connection_id_username_key: usernameTaken },
  recordNotFound: userNotFound,
});

const NULLABLE = new Set(['email', 'name', 'nickname', 'username', 'last_login']);

const WITH_CONNECTION = { connection: { select: { name: true } } } as const;

// A token exchange reads its user by id: through the pool, with the token endpoint's other reads,
// so an instance serving tokens never loads Prisma's query compiler for them. The connection as
// WITH_CONNECTION includes it.
const USER_COLUMNS = `${columnList<User>()(
  'user_id',
  'connection_id',
  'email',
  'email_verified',
  'username',
  'phone_number',
  'given_name',
  'family_name',
  'name',
  'nickname',
  'picture',
  'password_hash',
  'blocked',
  'last_password_reset',
  'app_metadata',
  'user_metadata',
  'last_login',
  'logins_count',
  'created_at',
  'updated_at',
)}, (SELECT json_build_object('name', c.name) FROM connections c WHERE c.id = users.connection_id) AS connection`;
const FIND_SQL = `SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`;
// A sign-in names its user by email or username (both stored lowercased) within one connection.
const FIND_BY_LOGIN_SQL = `SELECT ${USER_COLUMNS} FROM users
  WHERE connection_id = $1 AND (email = lower($2) OR username = lower($2)) ORDER BY email = lower($2) DESC LIMIT 1`;
const RECORD_LOGIN_SQL = `UPDATE users SET logins_count = logins_count + 1, last_login = now() WHERE user_id = $1`;

interface UserFilter {
  connection?: string;
  terms: SearchTerm[];
}

interface UserOrder {
  field: string;
  direction: 'asc' | 'desc';
}

@Injectable()
export class UsersRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  create(data: Prisma.UserUncheckedCreateInput): Promise<UserRow> {
    return this.txHost.tx.user.create({ data, include: WITH_CONNECTION }).catch(createFailed);
  }

  async find(userId: string): Promise<UserRow | undefined> {
    return (await this.prisma.sql<UserRow>(FIND_SQL, [userId])).at(0);
  }

  /** The user a sign-in names in a connection: by email first, else by username. */
  async findByLogin(connectionId: string, login: string): Promise<UserRow | undefined> {
    return (await this.prisma.sql<UserRow>(FIND_BY_LOGIN_SQL, [connectionId, login])).at(0);
  }

  /** A successful sign-in: Auth0's logins_count and last_login. */
  async recordLogin(userId: string): Promise<void> {
    await this.prisma.execute(RECORD_LOGIN_SQL, [userId]);
  }

  /** Ties broken by user_id, so pages never overlap. */
  list(filter: UserFilter, order: UserOrder | undefined, window: { skip: number; take: number }): Promise<UserRow[]> {
    const orderBy: Prisma.UserOrderByWithRelationInput[] = [{ user_id: 'asc' }];
    // PostgreSQL puts nulls last ascending; Prisma accepts a nulls position on nullable columns only.
    if (order) orderBy.unshift({ [order.field]: NULLABLE.has(order.field) ? { sort: order.direction, nulls: 'last' } : order.direction });
    return this.txHost.tx.user.findMany({ where: whereOf(filter), orderBy, ...window, include: WITH_CONNECTION });
  }

  count(filter: UserFilter): Promise<number> {
    return this.txHost.tx.user.count({ where: whereOf(filter) });
  }

  byEmail(email: string): Promise<UserRow[]> {
    return this.txHost.tx.user.findMany({ where: { email: email.toLowerCase() }, orderBy: { user_id: 'asc' }, include: WITH_CONNECTION });
  }

  /** The users a brute-force block may name: by email or username (stored lowercased) or phone number, in any connection. */
  byIdentifier(identifier: string): Promise<UserRow[]> {
    const lower = identifier.toLowerCase();
    return this.txHost.tx.user.findMany({
      where: { OR: [{ email: lower }, { username: lower }, { phone_number: identifier }] },
      orderBy: { user_id: 'asc' },
      include: WITH_CONNECTION,
    });
  }

  /**
   * Reads the row under a lock and writes what `changes` makes of it, so two concurrent metadata
   * merges both land. Throws the 404 when there is no such user.
   */
  update(userId: string, changes: (current: UserRow) => Prisma.UserUncheckedUpdateInput): Promise<UserRow> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        await tx.$queryRaw`SELECT user_id FROM users WHERE user_id = ${userId} FOR UPDATE`;
        const current = await tx.user.findUnique({ where: { user_id: userId }, include: WITH_CONNECTION });
        if (!current) throw userNotFound();
        return tx.user.update({
          where: { user_id: userId },
          data: { ...changes(current), updated_at: new Date() },
          include: WITH_CONNECTION,
        });
      })
      .catch(updateFailed);
  }

  /** Memberships go with the user (ON DELETE CASCADE). */
  async delete(userId: string): Promise<void> {
    await this.txHost.tx.user.deleteMany({ where: { user_id: userId } });
  }
}

function whereOf({ connection, terms }: UserFilter): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = connection === undefined ? [] : [{ connection: { name: connection } }];
  for (const term of terms) {
    if (!('prefix' in term)) and.push({ [term.field]: term.value });
    else if (term.field === 'connection') and.push({ connection: { name: term.prefix ? { startsWith: term.value } : term.value } });
    else and.push({ [term.field]: term.prefix ? { startsWith: term.value } : term.value });
  }
  return { AND: and };
}
