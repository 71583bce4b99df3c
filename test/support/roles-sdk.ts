import { Sdk } from './sdk.js';
import { startTestApp } from './test-app.js';
import { UserFactories } from './user-factories.js';
import { MembersClient } from 'auth0/organizations/members';
import { RolesClient } from 'auth0/roles';
import { UsersClient } from 'auth0/users';

/**
 * The official SDK v7's role clients, as ManagementClient builds them (its `roles`, `users` and
 * `organizations.members` properties), pointed at the app on a loopback port: ManagementClient
 * itself only takes an https domain.
 */
export function rolesSdk(baseUrl: string, token: string) {
  const options = { baseUrl, token, maxRetries: 0 };
  return { roles: new RolesClient(options), users: new UsersClient(options), members: new MembersClient(options) };
}

/** A test app, a token of `scope` for the role clients, and a database connection to make users in. */
export async function rolesTestApp(scope: string) {
  const t = await startTestApp();
  const auth = await t.bearer(scope);
  const sdk = rolesSdk(await Sdk.listen(t), auth.slice('Bearer '.length));
  const f = new UserFactories(t.prisma);
  return { t, auth, sdk, f, db: await f.connection() };
}
