import type { UserRow } from '../users/dto/user.view.js';

/**
 * OIDC's standard claims of a user for the scopes granted (profile, email), as Auth0 puts them in
 * ID tokens and answers them from /userinfo: one builder, so both always agree.
 */
export function userClaims(user: UserRow, scopes: readonly string[]): Record<string, unknown> {
  const profile = scopes.includes('profile')
    ? defined({
        name: user.name,
        nickname: user.nickname,
        picture: user.picture,
        given_name: user.given_name,
        family_name: user.family_name,
        updated_at: user.updated_at.toISOString(),
      })
    : {};
  const email = scopes.includes('email') && user.email !== null ? { email: user.email, email_verified: user.email_verified } : {};
  return { ...profile, ...email };
}

function defined(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== null && value !== undefined));
}
