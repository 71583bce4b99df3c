import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BoundedMap } from '../common/bounded-map.js';

/** Sessions held at once; past it the oldest is dropped (its operator signs in again). */
const CAPACITY = 10_000;
export const SESSION_COOKIE = 'console_session';

export interface ConsoleSession {
  clientId: string;
  /** The Management API token the service obtained for the client: never sent to the browser. */
  token: string;
  scopes: string[];
  /** Sent by the console in X-CSRF-Token on every request that changes something. */
  csrfToken: string;
  expiresAt: number;
}

/**
 * Console sessions, held in this process: the browser holds only a random id in an HttpOnly,
 * SameSite=Strict cookie. Kept by a hash of the id, so the store holds nothing a cookie could be
 * made from. A session ends when its token expires, at sign-out, or when the process stops.
 */
@Injectable()
export class ConsoleSessions {
  private readonly sessions = new BoundedMap<string, ConsoleSession>(CAPACITY);

  open(session: Omit<ConsoleSession, 'csrfToken'>): { id: string; session: ConsoleSession } {
    const id = randomBytes(32).toString('base64url');
    const opened = { ...session, csrfToken: randomBytes(32).toString('base64url') };
    this.sessions.set(digest(id), opened);
    return { id, session: opened };
  }

  find(id: string | undefined): ConsoleSession | undefined {
    if (!id) return undefined;
    const key = digest(id);
    const session = this.sessions.get(key);
    if (session && session.expiresAt <= Date.now()) {
      this.sessions.delete(key);
      return undefined;
    }
    return session;
  }

  close(id: string): void {
    this.sessions.delete(digest(id));
  }
}

export function sameToken(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function digest(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
