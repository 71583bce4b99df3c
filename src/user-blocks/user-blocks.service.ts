import { Injectable } from '@nestjs/common';
import { LoginAttemptsLimiter } from '../authentication/login-attempts.limiter.js';
import { AppConfig } from '../config/app-config.js';
import { requestDetails, requestFields, type LoggedRequest } from '../logs/log-entry.js';
import { LogsRepository } from '../logs/logs.repository.js';
import type { UserRow } from '../users/dto/user.view.js';
import { userNotFound } from '../users/user-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import type { UserBlockView, UserBlocksView } from './dto/user-blocks.view.js';

/**
 * Brute-force protection's blocks, as the login attempts limiter counts them: listed per address,
 * lifted all at once. Brute-force protection is always on here, so consider_brute_force_enablement
 * changes nothing. A user blocked by an administrator (`blocked`) is not these blocks' business.
 */
@Injectable()
export class UserBlocksService {
  constructor(
    private readonly users: UsersRepository,
    private readonly attempts: LoginAttemptsLimiter,
    private readonly logs: LogsRepository,
    private readonly config: AppConfig,
  ) {}

  async ofUser(id: string): Promise<UserBlocksView> {
    const user = await this.found(id);
    return { blocked_for: await this.blocksOf(user, loginOf(user)) };
  }

  /** Every user the identifier names, in any connection; none is an empty list, as Auth0 answers it. */
  async ofIdentifier(identifier: string): Promise<UserBlocksView> {
    const users = await this.users.byIdentifier(identifier);
    const blocks = await Promise.all(users.map((user) => this.blocksOf(user, identifier)));
    return { blocked_for: blocks.flat() };
  }

  async unblockUser(id: string, request: LoggedRequest): Promise<void> {
    await this.unblock(await this.found(id), request);
  }

  async unblockIdentifier(identifier: string, request: LoggedRequest): Promise<void> {
    for (const user of await this.users.byIdentifier(identifier)) await this.unblock(user, request);
  }

  private async found(id: string): Promise<UserRow> {
    const user = await this.users.find(id);
    if (!user) throw userNotFound();
    return user;
  }

  private async blocksOf(user: UserRow, identifier: string): Promise<UserBlockView[]> {
    const addresses = await this.attempts.blockedAddresses(user);
    return addresses.map((ip) => ({ identifier, ip, connection: user.connection.name }));
  }

  /**
   * Every address's count starts again. Auth0 files a released block as ublkdu, beside the call's own
   * sapi; the entry joins the write's transaction and is written before the counts are forgotten, so
   * a write that fails leaves the block.
   */
  private async unblock(user: UserRow, request: LoggedRequest): Promise<void> {
    const blocked = await this.attempts.blockedAddresses(user);
    if (blocked.length > 0)
      await this.logs.insert({
        type: 'ublkdu',
        description: 'User login block released',
        ...requestFields(request, this.config.tenantDomain),
        user_id: user.user_id,
        details: { request: requestDetails(request), connection: user.connection.name, blocked_for: blocked },
      });
    await this.attempts.unblock(user);
  }
}

/** The name the user signs in with, for the blocks listed by user id. */
const loginOf = (user: UserRow): string => user.email ?? user.username ?? user.phone_number ?? user.user_id;
