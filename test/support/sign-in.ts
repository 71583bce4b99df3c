import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { AuthenticationClient, UserInfoClient } from 'auth0/legacy';
import type { Prisma } from '../../src/generated/prisma/client.js';
import { Sdk } from './sdk.js';
import type { TestApp } from './test-app.js';
import { STRONG_PASSWORD } from './user-factories.js';

const unique = (): string => randomBytes(5).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';

export interface SignInClient {
  client_id: string;
  client_secret?: string;
}

interface LogEntry {
  type: string;
  description: string;
  client_id?: string;
  user_id?: string;
  audience?: string;
  scope?: string;
  details?: Record<string, unknown>;
}

/**
 * What the Authentication API specs share: the app on a loopback port (Auth0's SDK calls
 * https://{domain}, redirected here), a database connection, and clients and users made through
 * the Management API as an operator would.
 */
export class SignInKit {
  private constructor(
    readonly t: TestApp,
    /** http://127.0.0.1:<port>/ */
    readonly root: string,
    readonly connection: { id: string; name: string },
  ) {}

  static async start(t: TestApp, connectionOptions: Prisma.InputJsonObject = {}): Promise<SignInKit> {
    const base = await Sdk.listen(t);
    const connection = await t.prisma.connection.create({
      data: { id: `con_${unique()}${unique()}`, name: `db-${unique()}`, strategy: 'auth0', options: connectionOptions },
    });
    return new SignInKit(t, base.replace(/api\/v2$/, ''), connection);
  }

  /** A client holding the password grants (and refresh_token), its connection enabled unless told otherwise. */
  async client(overrides: Record<string, unknown> = {}, options: { enabled?: boolean } = {}): Promise<SignInClient> {
    const res = await this.t.api
      .post('/api/v2/clients')
      .set('Authorization', await this.t.bearer('create:clients'))
      .send({ name: `app ${unique()}`, grant_types: ['password', PASSWORD_REALM, 'refresh_token'], ...overrides });
    assert.equal(res.status, 201, res.text);
    const { client_id, client_secret } = res.body as { client_id: string; client_secret?: string };
    if (options.enabled !== false) {
      await this.t.prisma.connectionClient.create({ data: { connection_id: this.connection.id, client_id } });
    }
    return { client_id, client_secret };
  }

  /** A user of the kit's connection with a password, made through POST /api/v2/users. */
  async user(overrides: Record<string, unknown> = {}): Promise<{ user_id: string; email: string; password: string }> {
    const body = { connection: this.connection.name, email: `user-${unique()}@example.com`, password: STRONG_PASSWORD, ...overrides };
    const res = await this.t.api
      .post('/api/v2/users')
      .set('Authorization', await this.t.bearer('create:users'))
      .send(body);
    assert.equal(res.status, 201, res.text);
    return { user_id: (res.body as { user_id: string }).user_id, email: body.email, password: body.password };
  }

  /** The official SDK's AuthenticationClient for `client`, talking to the app over plain HTTP. */
  auth(client: SignInClient): AuthenticationClient {
    return new AuthenticationClient({
      domain: 'tenant.test',
      clientId: client.client_id,
      clientSecret: client.client_secret,
      fetch: this.fetch,
    });
  }

  userInfo(): UserInfoClient {
    return new UserInfoClient({ domain: 'tenant.test', fetch: this.fetch });
  }

  /** The newest tenant log entry of `type` matching `where`, read through GET /api/v2/logs (written beside the reply, so waited for). */
  async logEntry(type: string, where: (entry: LogEntry) => boolean): Promise<LogEntry> {
    const auth = await this.t.bearer('read:logs');
    for (let attempt = 0; attempt < 50; attempt++) {
      const res = await this.t.api
        .get('/api/v2/logs')
        .query({ q: `type:${type}`, sort: 'date:-1' })
        .set('Authorization', auth);
      assert.equal(res.status, 200, res.text);
      const entry = (res.body as LogEntry[]).find(where);
      if (entry) return entry;
      await sleep(20);
    }
    assert.fail(`no ${type} entry`);
  }

  // The SDK always calls https://{domain}; the test app listens on plain HTTP.
  private readonly fetch = (url: string | URL | Request, init?: RequestInit) =>
    fetch((url instanceof Request ? url.url : url.toString()).replace('https://tenant.test/', this.root), init);
}
