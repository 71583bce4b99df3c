// Run as a child process by auth0-libraries.tls.e2e.spec.ts, with NODE_EXTRA_CA_CERTS naming the
// server's self-signed certificate (Node reads it only at startup, and the libraries use Node's own
// fetch). Auth0's authentication libraries, unmodified and with their defaults, answer one JSON
// line per JSON line of request on stdin.
import { createInterface } from 'node:readline';
import { AuthClient, type ExchangeProfileOptions, type TokenResponse } from '@auth0/auth0-auth-js';
import { ServerClient, type StateData, type TransactionData } from '@auth0/auth0-server-js';

export interface LibraryClient {
  id: string;
  secret: string;
}

export type LibraryRequest =
  | { op: 'metadata'; client: LibraryClient }
  | { op: 'clientCredentials'; client: LibraryClient; audience: string; organization?: string }
  | { op: 'exchange'; client: LibraryClient; options: ExchangeProfileOptions }
  | { op: 'serverLogin'; client: LibraryClient; audience: string; subjectToken: string; subjectTokenType: string }
  | { op: 'serverRefresh'; client: LibraryClient; audience: string; subjectToken: string; subjectTokenType: string };

/** What a library call gave: its result, or the error it threw, as data. */
export type LibraryAnswer =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; name: string; code?: string; message: string; cause?: { error: string; error_description: string }; statusCode?: number };

const domain = process.env.LIBRARY_DOMAIN ?? '';
// One AuthClient per client, as an application keeps one: discovery runs once, then is cached.
const clients = new Map<string, AuthClient>();
const authClient = ({ id, secret }: LibraryClient): AuthClient => {
  const key = `${id}:${secret}`;
  let client = clients.get(key);
  if (!client) clients.set(key, (client = new AuthClient({ domain, clientId: id, clientSecret: secret })));
  return client;
};

const tokens = (response: TokenResponse): Record<string, unknown> => ({
  accessToken: response.accessToken,
  idToken: response.idToken,
  refreshToken: response.refreshToken,
  scope: response.scope,
  tokenType: response.tokenType,
  claims: response.claims,
  act: response.act,
});

/** The session store an application provides; server-js encrypts nothing itself here. */
class MemoryStore<T> {
  private readonly data = new Map<string, T>();
  get(identifier: string): Promise<T | undefined> {
    return Promise.resolve(this.data.get(identifier));
  }
  set(identifier: string, value: T): Promise<void> {
    this.data.set(identifier, value);
    return Promise.resolve();
  }
  delete(identifier: string): Promise<void> {
    this.data.delete(identifier);
    return Promise.resolve();
  }
  deleteByLogoutToken(): Promise<void> {
    return Promise.resolve();
  }
}

async function run(request: LibraryRequest): Promise<Record<string, unknown>> {
  switch (request.op) {
    case 'metadata':
      return { ...(await authClient(request.client).getServerMetadata()) };
    case 'clientCredentials':
      return tokens(
        await authClient(request.client).getTokenByClientCredentials({ audience: request.audience, organization: request.organization }),
      );
    case 'exchange':
      return tokens(await authClient(request.client).exchangeToken(request.options));
    case 'serverLogin': {
      const server = await serverSession(request);
      return { user: await server.getUser(), accessToken: await server.getAccessToken() };
    }
    case 'serverRefresh':
      return serverRefresh(await serverSession(request));
  }
}

/** A server-side session made by loginWithCustomTokenExchange (the library's default scopes: offline_access among them). */
async function serverSession(request: Extract<LibraryRequest, { op: 'serverLogin' | 'serverRefresh' }>): Promise<ServerClient> {
  const server = new ServerClient({
    domain,
    clientId: request.client.id,
    clientSecret: request.client.secret,
    authorizationParams: { audience: request.audience },
    stateStore: new MemoryStore<StateData>(),
    transactionStore: new MemoryStore<TransactionData>(),
  });
  await server.loginWithCustomTokenExchange({
    subjectToken: request.subjectToken,
    subjectTokenType: request.subjectTokenType,
    audience: request.audience,
  });
  return server;
}

const untilExpired = (expiresAt: number) => new Promise((r) => setTimeout(r, Math.max(0, expiresAt * 1000 - Date.now()) + 100));

/**
 * The session's access token, then again once it has expired (the library refreshes it), then
 * again after revokeRefreshToken and the next expiry (the library's refusal, as data).
 */
async function serverRefresh(server: ServerClient): Promise<Record<string, unknown>> {
  const first = await server.getAccessToken();
  await untilExpired(first.expiresAt);
  const second = await server.getAccessToken();
  const cached = await server.getAccessToken();
  await server.revokeRefreshToken();
  await untilExpired(second.expiresAt);
  const afterRevoke = await server.getAccessToken().then(
    () => ({ ok: true }),
    (caught: unknown) => failure(caught),
  );
  return { first: first.accessToken, second: second.accessToken, cached: cached.accessToken, afterRevoke };
}

function failure(caught: unknown): LibraryAnswer {
  const error = caught as { name?: string; code?: string; message?: string; cause?: Record<string, unknown>; statusCode?: number };
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const cause = error.cause ? { error: text(error.cause.error), error_description: text(error.cause.error_description) } : undefined;
  return {
    ok: false,
    name: error.name ?? 'Error',
    code: error.code,
    message: error.message ?? String(caught),
    cause,
    statusCode: error.statusCode,
  };
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const { id, request } = JSON.parse(line) as { id: number; request: LibraryRequest };
  run(request).then(
    (result) => process.stdout.write(`${JSON.stringify({ id, answer: { ok: true, result } })}\n`),
    (caught: unknown) => process.stdout.write(`${JSON.stringify({ id, answer: failure(caught) })}\n`),
  );
});
