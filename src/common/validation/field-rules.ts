/** What one request field may hold; checked in Auth0's order and worded in Auth0's messages. */
export interface FieldRules {
  type: 'string' | 'integer' | 'boolean' | 'object' | 'array';
  description: string;
  required?: boolean;
  /** An explicit null is accepted (Auth0 PATCH bodies use it to unset a property). */
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  format?: 'uri';
  pattern?: RegExp;
  enum?: readonly string[];
  /** For arrays: every item is a string with these limits. */
  items?: { minLength?: number; maxLength?: number; enum?: readonly string[] };
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  /** Extra check after the generic ones; returns the Auth0-style reason or undefined. */
  check?: (value: never) => string | undefined;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The first broken rule as Auth0 words it, or undefined when the value is acceptable. */
export function firstViolation(value: unknown, rules: FieldRules): string | undefined {
  if (value === null && rules.nullable) return undefined;
  const actual = jsonType(value);
  if (actual !== rules.type) return `Expected type ${rules.type} but found type ${actual}`;
  const generic = typeof value === 'string' ? stringViolation(value, rules) : otherViolation(value, rules);
  return generic ?? rules.check?.(value as never);
}

function otherViolation(value: unknown, rules: FieldRules): string | undefined {
  if (typeof value === 'number') {
    if (rules.minimum !== undefined && value < rules.minimum) return `Value ${value} is less than minimum ${rules.minimum}`;
    if (rules.maximum !== undefined && value > rules.maximum) return `Value ${value} is greater than maximum ${rules.maximum}`;
  }
  if (Array.isArray(value) && rules.maxItems !== undefined && value.length > rules.maxItems) {
    return `Array is too long (${value.length}), maximum ${rules.maxItems}`;
  }
  if (Array.isArray(value) && rules.items) {
    for (const item of value) {
      if (typeof item !== 'string') return `Expected type string but found type ${jsonType(item)}`;
      const reason = stringViolation(item, { ...rules.items, type: 'string', description: rules.description });
      if (reason) return reason;
    }
  }
  return undefined;
}

function stringViolation(value: string, rules: FieldRules): string | undefined {
  const length = [...value].length;
  if (rules.minLength !== undefined && length < rules.minLength) return `String is too short (${length} chars), minimum ${rules.minLength}`;
  if (rules.maxLength !== undefined && length > rules.maxLength) return `String is too long (${length} chars), maximum ${rules.maxLength}`;
  if (rules.format === 'uri' && !isUri(value)) return `Object didn't pass validation for format uri: ${value}`;
  if (rules.pattern && !rules.pattern.test(value)) return `String does not match pattern ${rules.pattern.source}: ${value}`;
  if (rules.enum && !rules.enum.includes(value)) return `No enum match for: "${value}"`;
  return undefined;
}

// RFC 3986 absolute URI: a scheme, a colon, and no characters a URI cannot hold.
function isUri(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]+$/i.test(value);
}
