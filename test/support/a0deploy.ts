import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ALL_SCOPES } from '../../src/auth/scopes.catalog.js';
import { freePort, ServerProcess } from './server-process.js';
import { createTestDatabase, dropTestDatabase } from './test-database.js';

const ADMIN = { id: 'a0deploy-e2e-admin', secret: 'a0deploy-e2e-secret-0123456789-0123456789' };
// The file node_modules/.bin/a0deploy links to (the package's `bin`, which is also its `main`).
const A0DEPLOY = fileURLToPath(import.meta.resolve('auth0-deploy-cli'));

interface Reply {
  status: number;
  body: unknown;
}

/**
 * The built server over HTTPS with a certificate made at run time, its tenant domain
 * `localhost:<port>`, so its tokens carry the issuer `https://localhost:<port>/` and the
 * audience `https://localhost:<port>/api/v2/` that a0deploy asks /oauth/token for.
 */
export class TlsTenant {
  private token?: string;

  private constructor(
    readonly dir: string,
    readonly domain: string,
    private readonly ca: Buffer,
    private readonly databaseUrl: string,
    readonly server: ServerProcess,
  ) {}

  static async start(): Promise<TlsTenant> {
    const dir = await mkdtemp(join(tmpdir(), 'tma-a0deploy-'));
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
    ]);
    const databaseUrl = await createTestDatabase();
    const port = await freePort();
    const server = new ServerProcess({
      PORT: String(port),
      TENANT_DOMAIN: `localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'data'),
      TLS_CERT_FILE: cert,
      TLS_KEY_FILE: key,
      BOOTSTRAP_CLIENT_ID: ADMIN.id,
      BOOTSTRAP_CLIENT_SECRET: ADMIN.secret,
      // One JSON line per request: what a0deploy asked, kept for failure messages.
      LOG_LEVEL: 'info',
      RATE_LIMIT_BURST: '100000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // a0deploy's process only exits once the server closes its idle keep-alive connection.
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '200',
    });
    const tenant = new TlsTenant(dir, `localhost:${port}`, await readFile(cert), databaseUrl, server);
    await tenant.waitUntilReady();
    return tenant;
  }

  async stop(): Promise<void> {
    this.server.kill('SIGTERM');
    await this.server.exited;
    await dropTestDatabase(this.databaseUrl);
    await rm(this.dir, { recursive: true, force: true });
  }

  /** The requests the server answered since `from` (an index into its log), as `METHOD path status`. */
  requestsSince(from: number): string[] {
    return this.server.lines
      .slice(from)
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { method: string; path: string; status: number })
      .map(({ method, path, status }) => `${method} ${path} ${status}`);
  }

  /** A Management API call as the bootstrap admin (every scope). */
  async api(method: string, path: string, body?: unknown): Promise<Reply> {
    this.token ??= await this.fetchToken(ADMIN.id, ADMIN.secret);
    return this.call(method, `/api/v2${path}`, body, { authorization: `Bearer ${this.token}` });
  }

  /** Like api(), but a status other than `expected` throws with the answer. */
  async must<T>(method: string, path: string, body?: unknown, expected = method === 'POST' ? 201 : 200): Promise<T> {
    const reply = await this.api(method, path, body);
    if (reply.status !== expected) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body as T;
  }

  /** A client for a0deploy itself, granted the whole scope catalog on the management audience. */
  async deployClient(): Promise<{ id: string; secret: string }> {
    const client = await this.must<{ client_id: string; client_secret: string }>('POST', '/clients', {
      name: 'auth0-deploy-cli',
      app_type: 'non_interactive',
    });
    await this.must('POST', '/client-grants', {
      client_id: client.client_id,
      audience: `https://${this.domain}/api/v2/`,
      scope: [...ALL_SCOPES],
    });
    return { id: client.client_id, secret: client.client_secret };
  }

  private async fetchToken(clientId: string, secret: string): Promise<string> {
    const reply = await this.call('POST', '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      audience: `https://${this.domain}/api/v2/`,
    });
    if (reply.status !== 200) throw new Error(`token: ${reply.status} ${JSON.stringify(reply.body)}`);
    return (reply.body as { access_token: string }).access_token;
  }

  private call(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const [host, port] = this.domain.split(':');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host,
          port: Number(port),
          path,
          method,
          ca: this.ca,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if ((await this.call('GET', '/readyz', undefined).catch(() => ({ status: 0 }))).status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not become ready over HTTPS:\n${this.server.output}`);
  }
}

interface A0deployRun {
  code: number | null;
  output: string;
}

/**
 * The real a0deploy (what node_modules/.bin/a0deploy runs) as a child process, configured by environment
 * only, as in CI: NODE_EXTRA_CA_CERTS trusts the test certificate (Node reads it at startup).
 */
export async function a0deploy(
  tenant: TlsTenant,
  client: { id: string; secret: string },
  args: string[],
  env: Record<string, string>,
): Promise<A0deployRun> {
  const child = spawn(process.execPath, [A0DEPLOY, ...args], {
    cwd: tenant.dir,
    env: {
      PATH: process.env.PATH,
      HOME: tenant.dir,
      NODE_EXTRA_CA_CERTS: join(tenant.dir, 'cert.pem'),
      AUTH0_DOMAIN: tenant.domain,
      AUTH0_CLIENT_ID: client.id,
      AUTH0_CLIENT_SECRET: client.secret,
      // No retries: a refusal shows at once instead of after a0deploy's backoff.
      AUTH0_API_MAX_RETRIES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output };
}
