import { ValidateBy, ValidateIf } from 'class-validator';

// The few rules of Auth0's that class-validator has no decorator for. Each only says yes or
// no; the wording of a refusal is the validation pipe's (auth0-constraints.ts).

/**
 * An absent property is not checked; an explicit null still is, and is refused (Auth0 accepts
 * null only where a property is nullable, which `@IsOptional()` states).
 */
export const IfPresent = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);

// RFC 3986 absolute URI: a scheme, a colon, and no character a URI cannot hold. class-validator's
// IsUrl wants a host and a known protocol, so it would refuse `urn:` values Auth0 accepts.
const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]+$/i;

// What Auth0's `format: email` accepts in practice: one @, no whitespace, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Auth0's `format: email` (named apart from class-validator's isEmail, whose stricter rules Auth0 does not apply). */
export const IsEmail = (): PropertyDecorator =>
  ValidateBy({ name: 'emailFormat', validator: { validate: (value: unknown) => typeof value === 'string' && EMAIL.test(value) } });

/** Auth0's `format: uri`. */
export const IsUri = (): PropertyDecorator =>
  ValidateBy({ name: 'isUri', validator: { validate: (value: unknown) => typeof value === 'string' && ABSOLUTE_URI.test(value) } });

const startsWith = (value: string, prefixes: readonly string[]): boolean =>
  prefixes.some((prefix) => value.toLowerCase().startsWith(prefix));

/** Starts, whatever its case, with one of the (lower-case) prefixes. */
export const StartsWithOneOf = (prefixes: readonly string[]): PropertyDecorator =>
  ValidateBy({
    name: 'startsWithOneOf',
    constraints: [prefixes],
    validator: { validate: (value: unknown) => typeof value === 'string' && startsWith(value, prefixes) },
  });

/** Does not start, whatever its case, with a (lower-case) prefix kept for others. */
export const NotReservedPrefix = (prefixes: readonly string[]): PropertyDecorator =>
  ValidateBy({
    name: 'notReservedPrefix',
    constraints: [prefixes],
    validator: { validate: (value: unknown) => typeof value === 'string' && !startsWith(value, prefixes) },
  });

/**
 * A string's length as class-validator's Length counts it (validator.js): code points, as Auth0
 * counts, except that a character and its variation selector (U+FE0E/U+FE0F) count as one.
 */
export function characterCount(value: string): number {
  // Code points on purpose (not graphemes): that is what validator.js and Auth0 count.
  return Array.from(value).length - (value.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0);
}

export interface StringMapLimits {
  maxProperties: number;
  keyLength: [min: number, max: number];
  valueMaxLength: number;
  /** A PATCH's metadata: a key set to null is deleted, so null is a value too. */
  nullValues?: true;
}

/** The first rule an entry breaks, as a constraint of auth0-constraints.ts and its arguments. */
interface StringMapViolation {
  constraint: 'isObject' | 'maxProperties' | 'isLength' | 'isString' | 'maxLength';
  args: unknown[];
  value: unknown;
  /** The entry at fault, absent when the object as a whole is. */
  key?: string;
}

/** An object whose values are strings (Auth0's metadata), checked in Auth0's order: count, then each key and its value. */
export function stringMapViolation(
  map: unknown,
  { maxProperties, keyLength: [min, max], valueMaxLength, nullValues }: StringMapLimits,
): StringMapViolation | undefined {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return { constraint: 'isObject', args: [], value: map };
  // Deleted keys (null) do not count against the limit.
  const entries = Object.entries(map).filter(([, value]) => !(value === null && nullValues));
  if (entries.length > maxProperties) return { constraint: 'maxProperties', args: [maxProperties], value: map };
  for (const [key, value] of entries) {
    const length = characterCount(key);
    if (length < min || length > max) return { constraint: 'isLength', args: [min, max], value: key, key };
    if (typeof value !== 'string') return { constraint: 'isString', args: [], value, key };
    if (characterCount(value) > valueMaxLength) return { constraint: 'maxLength', args: [valueMaxLength], value, key };
  }
  return undefined;
}

export const IsStringMap = (limits: StringMapLimits): PropertyDecorator =>
  ValidateBy({
    name: 'isStringMap',
    constraints: [limits],
    validator: { validate: (value: unknown) => stringMapViolation(value, limits) === undefined },
  });
