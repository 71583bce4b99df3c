import { createHash, randomBytes } from 'node:crypto';

/** Database user ids: `auth0|` and 24 hex digits, the shape of Auth0's own (a MongoDB ObjectId). */
export const USER_ID_PREFIX = 'auth0|';

export function newUserId(given?: string): string {
  return `${USER_ID_PREFIX}${given ?? randomBytes(12).toString('hex')}`;
}

/**
 * What Auth0 fills in when a database user is created without them, stored like given values:
 * name is the email, nickname its local part, and picture the Gravatar of the email falling
 * back to Auth0's avatar of the name's initials.
 */
export function profileDefaults(email: string, given: { name?: string; nickname?: string; picture?: string }) {
  const name = given.name ?? email;
  return {
    name,
    nickname: given.nickname ?? email.split('@')[0],
    picture: given.picture ?? gravatar(email, initials(name)),
  };
}

function initials(name: string): string {
  const words = name.toLowerCase().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '').slice(0, 2);
  return letters.replace(/[^a-z0-9]/g, '') || 'default';
}

function gravatar(email: string, avatar: string): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://s.gravatar.com/avatar/${hash}?s=480&r=pg&d=${encodeURIComponent(`https://cdn.auth0.com/avatars/${avatar}.png`)}`;
}
