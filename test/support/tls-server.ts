import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request, type RequestOptions } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../src/common/free-port.js';
import { createTestDatabase, dropTestDatabase } from './test-database.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface TlsServer {
  /** localhost:<port>, the tenant domain. */
  domain: string;
  /** The self-signed certificate the server presents, to trust in a child process (NODE_EXTRA_CA_CERTS). */
  certFile: string;
  databaseUrl: string;
  /** An HTTPS request to the server trusting only its certificate; JSON bodies both ways. */
  fetch(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; form?: Record<string, string> },
  ): Promise<{ status: number; body: unknown }>;
  /** A client credentials token for the Management API (the bootstrap admin's, typically). */
  managementToken(client: { id: string; secret: string }): Promise<string>;
  stop(): Promise<void>;
}

/** The real server (dist/src/main.js) over HTTPS as TENANT_DOMAIN localhost:<port>, with a certificate made now by openssl. */
export async function startTlsServer(env: Record<string, string> = {}): Promise<TlsServer> {
  const dir = await mkdtemp(join(tmpdir(), 'tma-tls-'));
  const certFile = join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', certFile],
  ]);
  const ca = await readFile(certFile);
  const databaseUrl = await createTestDatabase();
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(DIST, 'src/main.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      TENANT_DOMAIN: `localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'data'),
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: join(dir, 'key.pem'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dropTestDatabase(databaseUrl);
    await rm(dir, { recursive: true, force: true });
  };
  const fetch: TlsServer['fetch'] = (method, path, options = {}) => {
    const body = options.form
      ? new URLSearchParams(options.form).toString()
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body);
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return send({ host: 'localhost', port, path, method, headers, ca }, body);
  };
  try {
    await waitUntilReady(
      () => fetch('GET', '/readyz'),
      () => log,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const domain = `localhost:${port}`;
  const managementToken: TlsServer['managementToken'] = async ({ id, secret }) => {
    const form = { grant_type: 'client_credentials', client_id: id, client_secret: secret, audience: `https://${domain}/api/v2/` };
    const issued = await fetch('POST', '/oauth/token', { form });
    if (issued.status !== 200) throw new Error(`management token: ${issued.status} ${JSON.stringify(issued.body)}`);
    return (issued.body as { access_token: string }).access_token;
  };
  return { domain, certFile, databaseUrl, fetch, managementToken, stop };
}

function send(options: RequestOptions, body?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((done, fail) => {
    const req = request(options, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** Polls /readyz over HTTPS, trusting only the test certificate, until the server answers 200. */
async function waitUntilReady(ready: () => Promise<{ status: number }>, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = await ready().then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready over HTTPS:\n${log()}`);
}
