import type { Client } from '../generated/prisma/client.js';

/** Auth0's client.refresh_token object, as the client stores it (defaults filled in at creation). */
interface RefreshTokenSettings {
  rotation_type?: string;
  expiration_type?: string;
  leeway?: number;
  token_lifetime?: number;
  infinite_token_lifetime?: boolean;
  idle_token_lifetime?: number;
  infinite_idle_token_lifetime?: boolean;
}

/** What a client's refresh_token settings mean for the tokens it is issued, at `now`. */
interface RefreshTokenPolicy {
  rotating: boolean;
  /** Seconds after a rotation during which the rotated token may still be exchanged. */
  leeway: number;
  /** The absolute expiry of a new family; null when tokens do not expire. */
  expiresAt: Date | null;
  /** The idle expiry of a token issued or used now; null when tokens do not expire. */
  idleExpiresAt: Date | null;
}

/**
 * Auth0's rules: only an `expiring` client's tokens expire; `infinite_token_lifetime` and
 * `infinite_idle_token_lifetime` take precedence over the lifetimes they switch off.
 */
export function refreshTokenPolicy(client: Client, now: Date): RefreshTokenPolicy {
  const settings: RefreshTokenSettings = (client.settings as { refresh_token?: RefreshTokenSettings } | null)?.refresh_token ?? {};
  const expiring = settings.expiration_type === 'expiring';
  const after = (seconds: number | undefined, infinite: boolean | undefined): Date | null =>
    expiring && !infinite && seconds !== undefined ? new Date(now.getTime() + seconds * 1000) : null;
  return {
    rotating: settings.rotation_type === 'rotating',
    leeway: settings.leeway ?? 0,
    expiresAt: after(settings.token_lifetime, settings.infinite_token_lifetime),
    idleExpiresAt: after(settings.idle_token_lifetime, settings.infinite_idle_token_lifetime),
  };
}
