/** The service's answers as the console reads them; every call goes through the session, never with a token of its own. */

export interface ConsoleSession {
  client_id: string;
  scopes: string[];
  csrf_token: string;
  expires_at: string;
}

/** An error answered by the API, kept in its own words; a 429 says when to try again. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorCode?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** What the console shows: the API's message, and for a 429 when to retry. */
  get text(): string {
    if (this.status === 429 && this.retryAfterSeconds !== undefined) {
      return `${this.message} Try again in ${this.retryAfterSeconds} s.`;
    }
    return this.message;
  }
}

let csrfToken = '';

async function failure(response: Response): Promise<ApiFailure> {
  let message = `${response.status} ${response.statusText}`;
  let errorCode: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; errorCode?: unknown };
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.errorCode === 'string') errorCode = body.errorCode;
  } catch {
    // A body that is not JSON: the status line says what happened.
  }
  const retry = response.headers.get('Retry-After') ?? response.headers.get('X-RateLimit-Reset');
  const retryAfter = retry === null ? undefined : retryAfterSeconds(response, retry);
  return new ApiFailure(response.status, message, errorCode, retryAfter);
}

/** Retry-After is seconds; X-RateLimit-Reset (when it is all there is) is the epoch second the bucket refills. */
function retryAfterSeconds(response: Response, value: string): number | undefined {
  const seconds = Number(value);
  if (!Number.isFinite(seconds)) return undefined;
  if (response.headers.has('Retry-After')) return seconds;
  return Math.max(0, Math.ceil(seconds - Date.now() / 1000));
}

async function send(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await failure(response);
  return response;
}

async function json<T>(response: Response): Promise<T> {
  return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
}

/** The current session, or undefined when signed out. */
export async function currentSession(): Promise<ConsoleSession | undefined> {
  const response = await fetch('/console/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (response.status === 401) return undefined;
  if (!response.ok) throw await failure(response);
  const session = (await response.json()) as ConsoleSession;
  csrfToken = session.csrf_token;
  return session;
}

export async function signIn(clientId: string, clientSecret: string): Promise<ConsoleSession> {
  const session = await json<ConsoleSession>(await send('POST', '/console/session', { client_id: clientId, client_secret: clientSecret }));
  csrfToken = session.csrf_token;
  return session;
}

export async function signOut(): Promise<void> {
  await send('DELETE', '/console/session');
  csrfToken = '';
}

/** A Management API call (path below /api/v2), made by the service with the session's token. */
export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return json<T>(await send(method, `/console/api${path}`, body));
}

export function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
