import type { SchemaObject } from '@nestjs/swagger';
import { characterCount, stringMapViolation, type StringMapLimits } from './auth0-validators.js';

/** The JSON type Auth0 names in its messages ("found type integer"). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

// Counted as the check counted, so "too short (n chars)" never names a length that passes.
const chars = (value: unknown): number => characterCount(String(value));
const count = (value: unknown): number => (Array.isArray(value) ? value.length : Object.keys(value ?? {}).length);

const tooShort = (value: unknown, min: number): string => `String is too short (${chars(value)} chars), minimum ${min}`;
const tooLong = (value: unknown, max: number): string => `String is too long (${chars(value)} chars), maximum ${max}`;
const ofType = (type: 'string' | 'integer' | 'boolean' | 'array' | 'object'): Auth0Constraint => ({
  message: (value) => `Expected type ${type} but found type ${jsonType(value)}`,
  schema: () => ({ type }),
});
const source = (pattern: unknown): string => (pattern instanceof RegExp ? pattern.source : String(pattern));

// Keeps the names as keys while every entry takes all three arguments.
const constraints = <Name extends string>(table: Record<Name, Auth0Constraint>): Record<Name, Auth0Constraint> => table;
// An entry that reads the decorator's arguments states their types: what that decorator passes (class-validator's
// ValidationMetadata.constraints is any[]). Callers hold the entry as Auth0Constraint and pass the metadata through.
const withArgs = <Args extends readonly unknown[]>(constraint: Auth0Constraint<Args>): Auth0Constraint => constraint;

interface Auth0Constraint<Args extends readonly unknown[] = readonly unknown[]> {
  /** Auth0's wording for a value that breaks the constraint, given the decorator's arguments. */
  message(value: unknown, args: Args, property: string): string;
  /** The JSON-schema keywords that state the constraint in the OpenAPI document. */
  schema(args: Args): SchemaObject;
}

/**
 * Auth0's wording of every refusal, in one place, with the OpenAPI form of each rule.
 *
 * Every class-validator constraint a request DTO may use, keyed by the constraint's name, with
 * Auth0's message and its OpenAPI form. The order of the keys is the order in which Auth0
 * checks a value: its type, then its size, its format, its pattern, the listed values, and
 * last Auth0's own rules. The validation pipe reports the first broken one in this order; the
 * OpenAPI reader refuses a constraint that is not listed here, so nothing is enforced undocumented.
 */
export const AUTH0_CONSTRAINTS = constraints({
  isString: ofType('string'),
  isInt: ofType('integer'),
  isBoolean: ofType('boolean'),
  isArray: ofType('array'),
  isObject: ofType('object'),
  // class-validator's own refusal of a non-object where @ValidateNested expects one.
  nestedValidation: { ...ofType('object'), schema: () => ({}) },

  isLength: withArgs<[min: number, max: number]>({
    message: (value, [min, max]) => (chars(value) < min ? tooShort(value, min) : tooLong(value, max)),
    schema: ([min, max]) => ({ minLength: min, maxLength: max }),
  }),
  minLength: withArgs<[min: number]>({ message: (value, [min]) => tooShort(value, min), schema: ([min]) => ({ minLength: min }) }),
  maxLength: withArgs<[max: number]>({ message: (value, [max]) => tooLong(value, max), schema: ([max]) => ({ maxLength: max }) }),
  min: withArgs<[min: number]>({
    message: (value, [min]) => `Value ${String(value)} is less than minimum ${min}`,
    schema: ([min]) => ({ minimum: min }),
  }),
  max: withArgs<[max: number]>({
    message: (value, [max]) => `Value ${String(value)} is greater than maximum ${max}`,
    schema: ([max]) => ({ maximum: max }),
  }),
  arrayMinSize: withArgs<[min: number]>({
    message: (value, [min]) => `Array is too short (${count(value)}), minimum ${min}`,
    schema: ([min]) => ({ minItems: min }),
  }),
  arrayMaxSize: withArgs<[max: number]>({
    message: (value, [max]) => `Array is too long (${count(value)}), maximum ${max}`,
    schema: ([max]) => ({ maxItems: max }),
  }),
  maxProperties: withArgs<[max: number]>({
    message: (value, [max]) => `Too many properties defined (${count(value)}), maximum ${max}`,
    schema: ([max]) => ({ maxProperties: max }),
  }),

  isUri: { message: (value) => `Object didn't pass validation for format uri: ${String(value)}`, schema: () => ({ format: 'uri' }) },
  emailFormat: {
    message: (value) => `Object didn't pass validation for format email: ${String(value)}`,
    schema: () => ({ format: 'email' }),
  },
  isIso8601: {
    message: (value) => `Object didn't pass validation for format date-time: ${String(value)}`,
    schema: () => ({ format: 'date-time' }),
  },
  matches: {
    message: (value, [pattern]) => `String does not match pattern ${source(pattern)}: ${String(value)}`,
    schema: ([pattern]) => ({ pattern: source(pattern) }),
  },
  isIn: withArgs<[values: readonly unknown[]]>({
    message: (value) => `No enum match for: "${String(value)}"`,
    schema: ([values]) => ({ enum: [...values] }),
  }),

  // Auth0's own rules: stated in the property's description, not expressible as schema keywords.
  startsWithOneOf: withArgs<[prefixes: readonly string[]]>({
    message: (value, [prefixes]) => `String must start with ${prefixes.join(' or ')} (${String(value)})`,
    schema: () => ({}),
  }),
  notReservedPrefix: withArgs<[prefixes: readonly string[]]>({
    message: (value, [prefixes]) =>
      `The prefix ${String(prefixes.find((p) => String(value).toLowerCase().startsWith(p)))} is reserved (${String(value)})`,
    schema: () => ({}),
  }),
  isStringMap: withArgs<[limits: StringMapLimits]>({
    // The broken rule of one entry, worded as for a property, and named after the entry.
    message: (value, [limits], property): string => {
      const violation = stringMapViolation(value, limits);
      if (!violation) throw new Error(`isStringMap: ${property} holds a valid map`);
      const reason: string = AUTH0_CONSTRAINTS[violation.constraint].message(violation.value, violation.args, property);
      return violation.key === undefined ? reason : `${reason} (${property}.${violation.key})`;
    },
    schema: ([{ maxProperties, keyLength, valueMaxLength, nullValues }]) => {
      const value = { type: 'string', maxLength: valueMaxLength };
      return {
        maxProperties,
        propertyNames: { minLength: keyLength[0], maxLength: keyLength[1] },
        additionalProperties: nullValues ? { anyOf: [value, { type: 'null' }] } : value,
      };
    },
  }),
});

/** What Auth0 says of an object as a whole, and how the document states it. */
export const AUTH0_OBJECT_RULES = {
  /** `path`: the property's name, or its path below the request property that holds it. */
  missing: (path: string): string => `Missing required property: ${path}`,
  /** class-validator's whitelistValidation, with forbidNonWhitelisted: every undeclared property, listed. */
  additionalProperties: {
    message: (names: string[]): string => `Additional properties not allowed: ${names.join(',')}`,
    schema: (): SchemaObject => ({ additionalProperties: false }),
  },
  /** @MinProperties (Auth0's PATCH bodies). */
  minProperties: {
    message: (value: object, min: number): string => `Too few properties defined (${count(value)}), minimum ${min}`,
    schema: (min: number): SchemaObject => ({ minProperties: min }),
  },
};

type Auth0ConstraintName = Extract<keyof typeof AUTH0_CONSTRAINTS, string>;

const ORDER = Object.keys(AUTH0_CONSTRAINTS);

/** Position in Auth0's order of checks; undefined for a name this table does not know. */
export function checkOrder(name: string): number | undefined {
  const index = ORDER.indexOf(name);
  return index < 0 ? undefined : index;
}

export function isAuth0Constraint(name: string): name is Auth0ConstraintName {
  return Object.hasOwn(AUTH0_CONSTRAINTS, name);
}
