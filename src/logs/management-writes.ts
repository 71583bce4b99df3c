import { API_PREFIX, TOKEN_ROUTE } from '../routes.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route pattern Fastify matched (`/api/v2/clients/:id`), or undefined for an unrouted request. */
export function routePatternOf(request: { routeOptions?: { url?: string } }): string | undefined {
  return request.routeOptions?.url;
}

/** A write under /api/v2: the requests that leave a sapi / fapi entry. Reads are not logged. */
export function isManagementWrite(method: string, pattern: string | undefined): pattern is string {
  return WRITE_METHODS.has(method) && pattern?.startsWith(`/${API_PREFIX}/`) === true;
}

export function isTokenRequest(method: string, pattern: string | undefined): boolean {
  return method === 'POST' && pattern === `/${TOKEN_ROUTE}`;
}

/**
 * Writes whose handler waits for effects of its own COMMIT, so they cannot run inside a request
 * transaction: a key rotation waits until every instance has reloaded the new key, which they
 * are told by a NOTIFY delivered only at commit. These commit on their own; their sapi entry
 * follows the commit (without details.changes) instead of sharing it.
 */
const COMMIT_BEFORE_REPLY = new Set([`POST /${API_PREFIX}/keys/signing/rotate`]);

export function commitsOnItsOwn(method: string, pattern: string): boolean {
  return COMMIT_BEFORE_REPLY.has(`${method} ${pattern}`);
}
