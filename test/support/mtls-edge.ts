import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/common/free-port.js';
import { PROJECT_ROOT } from './server-process.js';

const run = promisify(execFile);

/** A certificate and its private key, PEM. */
export interface KeyedCertificate {
  pem: string;
  key: string;
}

/**
 * The certificates of an mTLS setup, made by openssl (`needs: openssl`): a CA, a client
 * certificate it signed, a self-signed client certificate, and the edge's own (for localhost).
 */
export interface Pki {
  ca: KeyedCertificate;
  caSigned: KeyedCertificate;
  selfSigned: KeyedCertificate;
  edge: KeyedCertificate;
}

export async function makePki(): Promise<Pki> {
  const dir = await mkdtemp(join(tmpdir(), 'tma-pki-'));
  const at = (name: string) => join(dir, name);
  const read = async (name: string): Promise<KeyedCertificate> => ({
    pem: await readFile(at(`${name}.pem`), 'utf8'),
    key: await readFile(at(`${name}.key`), 'utf8'),
  });
  const selfSign = (name: string, subject: string, ...extra: string[]) =>
    run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      subject,
      '-keyout',
      at(`${name}.key`),
      '-out',
      at(`${name}.pem`),
      ...extra,
    ]);
  try {
    await selfSign('ca', '/CN=Test Client CA');
    await selfSign('self', '/C=JP/O=Client/CN=self-signed.example.org');
    await selfSign('edge', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost');
    await run('openssl', [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/C=JP/O=Client/CN=ca-signed.example.org',
      '-keyout',
      at('client.key'),
      '-out',
      at('client.csr'),
    ]);
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      at('client.csr'),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-set_serial',
      '1',
      '-days',
      '2',
      '-out',
      at('client.pem'),
    ]);
    return { ca: await read('ca'), caSigned: await read('client'), selfSigned: await read('self'), edge: await read('edge') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Debian's HAProxy (`needs: haproxy`) on docs/haproxy-mtls-edge.cfg, in front of `api` (host:port). */
export class MtlsEdge {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly port: number,
    private readonly edgeCertificate: string,
  ) {
    for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', (c: string) => (this.output += c));
  }

  static async start(api: string, pki: Pki, cnameApiKey: string): Promise<MtlsEdge> {
    const dir = await mkdtemp(join(tmpdir(), 'tma-edge-'));
    await writeFile(join(dir, 'edge.pem'), pki.edge.pem + pki.edge.key);
    await writeFile(join(dir, 'ca.pem'), pki.ca.pem);
    const port = await freePort();
    const child = spawn('haproxy', ['-db', '-f', resolve(PROJECT_ROOT, 'docs/haproxy-mtls-edge.cfg')], {
      env: {
        PATH: `${process.env.PATH ?? '/usr/bin:/bin'}:/usr/sbin`,
        EDGE_BIND: `127.0.0.1:${port}`,
        EDGE_CERT: join(dir, 'edge.pem'),
        CLIENT_CA: join(dir, 'ca.pem'),
        MTLS_CNAME_API_KEY: cnameApiKey,
        API: api,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const edge = new MtlsEdge(child, dir, port, pki.edge.pem);
    for (let i = 0; !(await accepts(port)); i++) {
      if (child.exitCode !== null || i > 100) throw new Error(`haproxy did not start: ${edge.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return edge;
  }

  /** POSTs a form to the edge over TLS, presenting `client` as the client certificate when given. */
  post(
    path: string,
    form: Record<string, string>,
    client?: KeyedCertificate,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const payload = new URLSearchParams(form).toString();
    return new Promise((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: this.port,
          path,
          method: 'POST',
          ca: this.edgeCertificate,
          ...(client ? { cert: client.pem, key: client.key } : {}),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
        },
      );
      req.on('error', fail).end(payload);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      this.child.kill('SIGTERM');
      await once(this.child, 'exit');
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket
      .on('connect', () => {
        socket.destroy();
        done(true);
      })
      .on('error', () => done(false));
  });
}
