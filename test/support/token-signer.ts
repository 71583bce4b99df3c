import { createServer, type Server } from 'node:http';
import { sign, type KeyObject } from 'node:crypto';
import { SignJWT, exportJWK } from 'jose';
import { rsaKeyPair } from './key-pairs.js';

interface TokenOptions {
  scope?: string;
  sub?: string;
  azp?: string;
  issuer?: string;
  audience?: string | string[];
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Seconds from now before which the token is not valid. */
  notBefore?: number;
  kid?: string;
  /** Sign with a key that is not in the JWKS. */
  foreignKey?: boolean;
  /** Further claims (e.g. `permissions`), merged over the defaults. */
  claims?: Record<string, unknown>;
  /** Signing algorithm with the test key (default RS256). */
  alg?: 'RS256' | 'RS384' | 'PS256';
}

/** A test issuer: an RSA key served as a JWKS on a loopback port, and tokens signed with it. */
export class TokenSigner {
  readonly kid = 'test-key-1';
  private readonly keys = rsaKeyPair();
  private readonly foreign = rsaKeyPair();
  private server?: Server;
  jwksUri = '';
  jwksRequests = 0;

  constructor(
    readonly issuer: string,
    readonly audience: string,
  ) {}

  async start(): Promise<void> {
    const jwk = { ...(await exportJWK(this.keys.publicKey)), kid: this.kid, use: 'sig', alg: 'RS256' };
    const server = createServer((_req, res) => {
      this.jwksRequests++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.jwksUri = `http://127.0.0.1:${(server.address() as { port: number }).port}/.well-known/jwks.json`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  async sign(options: TokenOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      scope: options.scope ?? '',
      gty: 'client-credentials',
      azp: options.azp ?? 'test-client',
      ...options.claims,
    };
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? this.kid, typ: 'JWT' })
      .setSubject(options.sub ?? `${options.azp ?? 'test-client'}@clients`)
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience ?? this.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 3600));
    if (options.notBefore !== undefined) jwt = jwt.setNotBefore(now + options.notBefore);
    const key: KeyObject = options.foreignKey ? this.foreign.privateKey : this.keys.privateKey;
    return jwt.sign(key);
  }

  /** The claims of a valid token for this issuer; an `undefined` override removes that claim. */
  claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: this.issuer,
      aud: this.audience,
      sub: 'test-client@clients',
      azp: 'test-client',
      scope: '',
      iat: now,
      exp: now + 3600,
      ...overrides,
    };
    return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
  }

  /**
   * A compact JWS signed RS256 with the JWKS key (or `key`) over any header and payload, even ones
   * no JWT library would produce: a string is the segment's text as is, anything else its JSON.
   */
  signRaw(header: unknown, payload: unknown, key: KeyObject = this.keys.privateKey): string {
    const segment = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    const input = `${segment(header)}.${segment(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
  }

  /** `signRaw` with this issuer's usual header (RS256, the JWKS kid). */
  signClaims(payload: unknown): string {
    return this.signRaw({ alg: 'RS256', typ: 'JWT', kid: this.kid }, payload);
  }

  /** An unsigned token (`alg: none`) carrying otherwise valid claims. */
  unsigned(scope: string): string {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = {
      iss: this.issuer,
      aud: this.audience,
      sub: 'test-client@clients',
      azp: 'test-client',
      scope,
      iat: now,
      exp: now + 3600,
    };
    return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
  }

  /** HS256 signed with the public key's PEM: the classic algorithm-confusion attack. */
  async hmacWithPublicKey(scope: string): Promise<string> {
    const secret = Buffer.from(this.keys.publicKey.export({ type: 'spki', format: 'pem' }));
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope, azp: 'test-client' })
      .setProtectedHeader({ alg: 'HS256', kid: this.kid })
      .setSubject('test-client@clients')
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(secret);
  }
}
