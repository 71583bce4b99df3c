import type { KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Who is calling, as established from a verified token. */
export interface Principal {
  sub: string;
  /** The OAuth client the token was issued to (`azp`, else `sub` without `@clients`). */
  clientId: string;
  scopes: ReadonlySet<string>;
}

export interface AuthenticatedRequest {
  headers: IncomingHttpHeaders;
  user?: Principal;
  /** Set while verifying: the token's key is one of ours, so our client checks apply. */
  tokenIssuedHere?: boolean;
  /** Set while verifying: the token as passport-jwt verifies it, and the key (and kid) it checks the signature with. */
  verifying?: { token: string; kid: string; key: KeyObject };
}
