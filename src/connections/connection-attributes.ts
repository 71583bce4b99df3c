import { badRequest } from '../common/api-error.js';

// The checks Auth0 makes on a database connection's flexible identifiers (options.attributes),
// with its own words where its recorded answers or its changelogs give them.

interface Attribute {
  identifier?: { active?: unknown };
  profile_required?: unknown;
  signup?: { status?: unknown };
  unique?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const refused = (message: string) => badRequest('invalid_body', message);

/** Throws Auth0's 400 when a database connection's options hold attributes Auth0 would refuse. */
export function checkAttributes(strategy: string, options: unknown): void {
  if (strategy !== 'auth0' || !isObject(options) || !isObject(options.attributes)) return;
  const attributes = Object.entries(options.attributes).filter((entry): entry is [string, Attribute] => isObject(entry[1]));
  // Recorded: Auth0 takes requires_username: false beside attributes (Terraform sends it) and refuses true.
  if (options.requires_username === true) throw refused('Cannot set both options.attributes and options.requires_username');
  if (options.validation !== undefined) throw refused('Cannot set both options.attributes and options.validation');
  if (!attributes.some(([, attribute]) => attribute.identifier?.active === true))
    throw refused('attributes must contain one active identifier');
  for (const [name, attribute] of attributes) {
    if (attribute.profile_required === true && attribute.signup?.status !== undefined && attribute.signup.status !== 'required')
      throw refused(`attribute ${name} must also be required on signup`);
  }
  // Auth0: "Email cannot be used as the primary identifier when using Non-Unique Emails" (its wording of the refusal is not known).
  const email = attributes.find(([name]) => name === 'email')?.[1];
  if (email?.unique === false && email.identifier?.active === true)
    throw refused('attribute email cannot be an active identifier when it is not unique');
}

/**
 * Auth0 decides an email attribute's uniqueness when the connection is created: a PATCH may not
 * change it, and reads a missing `unique` as true (so options that leave it out of a non-unique
 * connection are refused too).
 */
export function checkEmailUniqueKept(strategy: string, current: unknown, next: unknown): void {
  if (strategy !== 'auth0') return;
  if (emailUnique(current) !== emailUnique(next)) throw refused('cannot patch unique property on email attribute');
}

function emailUnique(options: unknown): boolean {
  const email = isObject(options) && isObject(options.attributes) ? options.attributes.email : undefined;
  return !(isObject(email) && email.unique === false);
}
