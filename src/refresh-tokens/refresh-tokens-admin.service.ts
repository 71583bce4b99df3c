import { Injectable } from '@nestjs/common';
import { notFound } from '../common/api-error.js';
import { userNotFound } from '../users/user-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { RefreshTokenView, type UserRefreshTokensView } from './dto/refresh-token.view.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

const DEFAULT_TAKE = 50;
// Wording ours.
const tokenNotFound = () => notFound('inexistent_refresh_token', 'The refresh token does not exist.');

/** What the Management API does with refresh tokens; the values themselves are never known here. */
@Injectable()
export class RefreshTokensAdmin {
  constructor(
    private readonly tokens: RefreshTokensRepository,
    private readonly users: UsersRepository,
  ) {}

  async get(id: string): Promise<RefreshTokenView> {
    const row = await this.tokens.find(id);
    if (!row) throw tokenNotFound();
    return RefreshTokenView.of(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.tokens.delete(id))) throw tokenNotFound();
  }

  async listForUser(userId: string, from: string | undefined, take = DEFAULT_TAKE): Promise<UserRefreshTokensView> {
    if (!(await this.users.find(userId))) throw userNotFound();
    // One more than the page, to know whether there is a next one.
    const rows = await this.tokens.listForUser(userId, from, take + 1);
    const page = rows.slice(0, take).map((row) => RefreshTokenView.of(row));
    return rows.length > take ? { tokens: page, next: page[page.length - 1].id } : { tokens: page };
  }

  async removeForUser(userId: string): Promise<void> {
    if (!(await this.users.find(userId))) throw userNotFound();
    await this.tokens.deleteForUser(userId);
  }
}
