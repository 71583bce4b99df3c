import { badRequest } from '../common/api-error.js';

/**
 * The part of Auth0's user search (v3, Lucene syntax) this service answers:
 *
 *   term (AND term)*            terms joined by an explicit AND (case-sensitive, as Lucene)
 *   term  := field:value
 *   value := "quoted text" (\" and \\ escaped) | bare text without spaces, quotes, parentheses or colons
 *   field := email | user_id | username | name | nickname | given_name | family_name
 *            | identities.connection | email_verified | blocked
 *
 * Strings match exactly (email and username case-insensitively, as Auth0 stores them lowercased);
 * a trailing `*` on an unquoted value matches a prefix (Auth0 wants at least 3 characters before
 * it). email_verified and blocked take true or false. Anything else (OR, NOT, ranges, grouping,
 * other fields, metadata) is refused with a 400 rather than answered wrongly.
 */
export type UserField =
  'email' | 'user_id' | 'username' | 'name' | 'nickname' | 'given_name' | 'family_name' | 'connection' | 'email_verified' | 'blocked';

export type SearchTerm =
  | { field: Exclude<UserField, 'email_verified' | 'blocked'>; value: string; prefix: boolean }
  | { field: 'email_verified' | 'blocked'; value: boolean };

const STRING_FIELDS: Record<string, Exclude<UserField, 'email_verified' | 'blocked'>> = {
  email: 'email',
  user_id: 'user_id',
  username: 'username',
  name: 'name',
  nickname: 'nickname',
  given_name: 'given_name',
  family_name: 'family_name',
  'identities.connection': 'connection',
};
const LOWERCASED = new Set(['email', 'username']);

export const SORTABLE_FIELDS = [
  'created_at',
  'updated_at',
  'email',
  'user_id',
  'name',
  'nickname',
  'username',
  'last_login',
  'logins_count',
];

// Unverified: Auth0's exact wording for a query its parser refuses.
const unsupported = (detail: string) =>
  badRequest('invalid_query', `Query validation error: '${detail}' on property q (Query in Lucene query string syntax).`);

const TERM = /^([a-z_.]+):(?:"((?:[^"\\]|\\.)*)"|([^\s"():*]+)(\*)?)/;

export function parseUserQuery(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let rest = q.trim();
  if (rest === '') return terms;
  for (;;) {
    const match = TERM.exec(rest);
    if (!match) throw unsupported(`unsupported query syntax near "${rest.slice(0, 40)}"`);
    // Only one of the two value groups matched; the other is undefined.
    const [whole, name, quoted, bare = '', star] = match as unknown as [string, string, string | undefined, string | undefined, string?];
    terms.push(term(name, quoted === undefined ? bare : quoted.replace(/\\(.)/g, '$1'), quoted === undefined && star === '*'));
    rest = rest.slice(whole.length).trim();
    if (rest === '') return terms;
    if (!rest.startsWith('AND ')) throw unsupported(`unsupported query syntax near "${rest.slice(0, 40)}"`);
    rest = rest.slice(4).trim();
  }
}

function term(name: string, value: string, prefix: boolean): SearchTerm {
  if (name === 'email_verified' || name === 'blocked') {
    if (prefix || (value !== 'true' && value !== 'false')) throw unsupported(`${name} takes true or false`);
    return { field: name, value: value === 'true' };
  }
  if (!Object.hasOwn(STRING_FIELDS, name)) throw unsupported(`unsupported search field ${name}`);
  if (prefix && value.length < 3) throw unsupported('a wildcard needs at least 3 characters before it');
  const field = STRING_FIELDS[name];
  return { field, value: LOWERCASED.has(field) ? value.toLowerCase() : value, prefix };
}

/** `field:1` or `field:-1` (the DTO checked the form). */
export function parseSort(sort: string | undefined): { field: string; direction: 'asc' | 'desc' } | undefined {
  if (!sort) return undefined;
  const [field, order] = sort.split(':');
  return { field, direction: order === '1' ? 'asc' : 'desc' };
}
