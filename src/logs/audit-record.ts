import type { FastifyRequest } from 'fastify';

/** What a token grant decided: whom the token names and what it holds, as its log entry reports it. */
export interface Granted {
  client_id: string;
  /** The user a user token names (token exchange, refresh); none for a client's own token. */
  user_id?: string;
  audience: string;
  scope: string;
  organization_id?: string;
}

/**
 * The one tenant log record of a request, filled in as the request goes and written once, when its
 * reply is final (AuditHook): a management write's success inside its transaction, everything else
 * after. Who called is the request's principal, read when the entry is made.
 */
export class AuditRecord {
  /** The entry is in the database: a write's success, committed with it. */
  written = false;
  /** The error body answered, as the one mapper made it. */
  error?: unknown;
  /** A token request's outcome, from its grant. */
  granted?: Granted;
  /** The organization a refused token request was judged on, when it did not name one. */
  refusedOrganization?: string;
  /** A refused sign-in: the log type Auth0 gives it and the user it named, if any. */
  refusedLogin?: { type: string; user_id?: string };
}

type Audited = FastifyRequest & { audit?: AuditRecord };

/** The request's record, made on first use. */
export function auditOf(request: FastifyRequest): AuditRecord {
  return ((request as Audited).audit ??= new AuditRecord());
}

/** The record, if anything filled it in. */
export function existingAudit(request: FastifyRequest): AuditRecord | undefined {
  return (request as Audited).audit;
}
