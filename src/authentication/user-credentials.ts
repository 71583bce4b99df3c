import { Injectable } from '@nestjs/common';
import { verifySecret } from '../clients/client-secret.js';
import type { UserRow } from '../users/dto/user.view.js';
import { UsersRepository } from '../users/users.repository.js';
import { LoginAttemptsLimiter, type Account } from './login-attempts.limiter.js';
import { blockedUser, tooManyAttempts, unknownUser, wrongPassword } from './login-refusals.js';

interface SignIn {
  /** The database connection the user is looked up in. */
  connectionId: string;
  /** Email or username, as typed. */
  login: string;
  password: string;
  ip: string;
}

/**
 * The one check of a user's password, for every way of signing in (the password grant now, the
 * login page later): brute-force protection first, then the password, then whether the user is
 * blocked. A success counts the login (logins_count, last_login); a refusal is a LoginRefusal.
 */
@Injectable()
export class UserCredentials {
  constructor(
    private readonly users: UsersRepository,
    private readonly attempts: LoginAttemptsLimiter,
  ) {}

  async verify({ connectionId, login, password, ip }: SignIn): Promise<UserRow> {
    const user = await this.users.findByLogin(connectionId, login);
    const account: Account = user ? { user } : { connectionId, login };
    if (await this.attempts.blocked(account, ip)) throw tooManyAttempts(user?.user_id);
    // An unknown user costs the same scrypt as a known one (the decoy hash), so timing does not tell them apart.
    if (!(await verifySecret(password, user?.password_hash ?? undefined)) || !user) {
      await this.attempts.failed(account, ip);
      throw user ? wrongPassword(user.user_id) : unknownUser();
    }
    // Auth0 checks the block after the password: a wrong password to a blocked account is still "wrong".
    if (user.blocked) throw blockedUser(user.user_id);
    await this.users.recordLogin(user.user_id);
    return user;
  }
}
