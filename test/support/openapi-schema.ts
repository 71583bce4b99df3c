import { randomBytes } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { must } from './must.js';

// ajv (and ajv-formats) come with Fastify, which compiles its own schemas with them.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export interface Schema {
  $ref?: string;
  /** How the document points at a component together with a description of its own. */
  allOf?: Schema[];
  /** OpenAPI 3.1: a nullable object is anyOf [the object, { type: 'null' }]. */
  anyOf?: Schema[];
  /** OpenAPI 3.1: a nullable property is typed ['string', 'null']. */
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minProperties?: number;
  maxProperties?: number;
  propertyNames?: Schema;
  items?: Schema;
  maxItems?: number;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  /** A value the document gives as valid; used before any generated one. */
  example?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/**
 * Validates bodies against the document's schemas. Response objects are checked closed
 * (a property the document does not declare is an error), so the document cannot
 * silently lag behind what the endpoints answer.
 */
export class DocumentSchemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  constructor(private readonly components: { schemas?: Record<string, Schema> }) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi.json', components: closed(structuredClone(components)) });
  }

  /**
   * The component a schema points at (directly, or as the one member of an allOf, or as the
   * non-null member of a nullable anyOf), else the schema.
   */
  resolve(schema: Schema): Schema {
    const nonNull = schema.anyOf?.filter((member) => member.type !== 'null');
    if (nonNull?.length === 1 && schema.anyOf?.length === 2) return this.resolve(nonNull[0]);
    const target = schema.allOf?.length === 1 ? schema.allOf[0] : schema;
    const name = target.$ref?.replace('#/components/schemas/', '');
    return name ? (this.components.schemas?.[name] ?? {}) : schema;
  }

  /** A value satisfying every documented constraint of `schema` (or, given `length`, all but the length ones). */
  validValue(schema: Schema, length?: number): unknown {
    return validValue(this.resolve(schema), length, (s) => this.validValue(s));
  }

  /** Values that each break one documented constraint of a property: [what is broken, value]. */
  violations(schema: Schema): [string, unknown][] {
    return violations(this.resolve(schema), this);
  }

  /** The validation errors, or [] when `value` matches. */
  errors(value: unknown, schema: Schema): string[] {
    const rebased = JSON.parse(
      JSON.stringify(closed(structuredClone(schema))).replaceAll('"#/components/', '"openapi.json#/components/'),
    ) as object;
    const validate = this.ajv.compile(rebased);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}

function closed<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(closed);
  else if (node && typeof node === 'object') {
    const schema = node as Schema;
    if (schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
    Object.values(node).forEach(closed);
  }
  return node;
}

/** The type a value must have when it is not null (3.1 writes a nullable type as [type, 'null']). */
export const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

const hex = (): string => randomBytes(6).toString('hex');
const fit = (text: string, length: number): string => (text.length >= length ? text.slice(0, length) : text.padEnd(length, 'a'));

function validValue(schema: Schema, length: number | undefined, valid: (s: Schema) => unknown): unknown {
  // Asked for a length, the value is meant to break a length limit, which no listed value does.
  if (schema.enum && length === undefined) return schema.enum[0];
  if (schema.example !== undefined && length === undefined) return schema.example;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return schema.minimum ?? Math.min(1, schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [valid(schema.items ?? { type: 'string' })];
    case 'object':
      // Every documented property, so a nested object is exercised whole; a map gets one entry.
      if (schema.properties)
        return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, valid(property)]));
      return typeof schema.additionalProperties === 'object' ? { [`k${hex()}`]: valid(schema.additionalProperties) } : {};
    default: {
      const target = length ?? Math.min(Math.max(schema.minLength ?? 0, 20), schema.maxLength ?? 20);
      if (schema.format === 'uri') return fit(`urn:test:${hex()}`, target);
      if (schema.format === 'email' && length === undefined) return `t${hex()}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (length !== undefined || !schema.pattern) return fit(`t${hex()}`, target);
      const pattern = new RegExp(schema.pattern);
      const found = [fit(`t${hex()}`, target), `#${hex().slice(0, 6)}`].find((text) => pattern.test(text));
      if (found === undefined) throw new Error(`no sample for pattern ${schema.pattern}`);
      return found;
    }
  }
}

function violations(schema: Schema, schemas: DocumentSchemas): [string, unknown][] {
  const found: [string, unknown][] = [];
  const type = typeOf(schema);
  // `{}` or a schema with nothing but a description: any JSON value (a connection's options, metadata values), so nothing breaks it.
  if (Object.keys(schema).every((keyword) => keyword === 'description')) return found;
  if (type === 'string' || type === undefined) {
    found.push(['type', 12345]);
    if (schema.maxLength !== undefined) found.push(['maxLength', schemas.validValue(schema, schema.maxLength + 1)]);
    if (schema.minLength) found.push(['minLength', schemas.validValue(schema, schema.minLength - 1)]);
    if (schema.format === 'uri') found.push(['format', fit('not a uri ', schema.minLength ?? 10)]);
    if (schema.format === 'email') found.push(['format', 'not-an-email']);
    if (schema.pattern) found.push(['pattern', notMatching(schema)]);
    if (schema.enum) found.push(['enum', 'not-a-listed-value']);
  } else if (type === 'array') {
    found.push(['type', 'not-an-array']);
    if (schema.maxItems !== undefined)
      found.push(['maxItems', Array.from({ length: schema.maxItems + 1 }, () => schemas.validValue(schema.items ?? {}))]);
    for (const [broken, value] of schema.items ? schemas.violations(schema.items) : []) found.push([`items ${broken}`, [value]]);
  } else if (type === 'object') {
    found.push(['type', 'not-an-object']);
    found.push(...objectViolations(schema, schemas));
  } else {
    found.push(['type', `not-a-${type}`]);
    if (schema.maximum !== undefined) found.push(['maximum', schema.maximum + 1]);
    if (schema.minimum !== undefined) found.push(['minimum', schema.minimum - 1]);
  }
  return found;
}

/** A nested object: each of its properties broken in turn, each required one left out, one it does not declare; a map: too many entries, a bad key or value. */
function objectViolations(schema: Schema, schemas: DocumentSchemas): [string, unknown][] {
  const found: [string, unknown][] = [];
  const valid = schemas.validValue(schema) as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    for (const [broken, value] of schemas.violations(property)) found.push([`${name} ${broken}`, { ...valid, [name]: value }]);
  }
  for (const name of schema.required ?? []) found.push([`without ${name}`, { ...valid, [name]: undefined }]);
  if (schema.additionalProperties === false) found.push(['an undeclared property', { ...valid, not_a_documented_property: 'x' }]);
  const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  if (values) {
    for (const [broken, value] of schemas.violations(values)) found.push([`a value breaking ${broken}`, { k: value }]);
    if (schema.maxProperties !== undefined) {
      found.push([
        'maxProperties',
        Object.fromEntries(Array.from({ length: schema.maxProperties + 1 }, (_, i) => [`k${i}`, schemas.validValue(values)])),
      ]);
    }
    if (schema.propertyNames?.maxLength !== undefined)
      found.push(['a key over its maxLength', { ['k'.repeat(schema.propertyNames.maxLength + 1)]: schemas.validValue(values) }]);
    if (schema.propertyNames?.minLength)
      found.push(['a key under its minLength', { ['k'.repeat(schema.propertyNames.minLength - 1)]: schemas.validValue(values) }]);
  }
  return found;
}

/** A string within the length limits that the pattern refuses; none found is an error, not a skipped check. */
function notMatching(schema: Schema): string {
  const pattern = new RegExp(must(schema.pattern, 'a pattern'));
  const length = Math.min(Math.max(schema.minLength ?? 14, 1), schema.maxLength ?? 14);
  const found = ['NOT MATCHING! ', '<NOT MATCHING>', ' ', '\n'].map((text) => fit(text, length)).find((text) => !pattern.test(text));
  if (found === undefined) throw new Error(`no value breaking pattern ${schema.pattern}`);
  return found;
}
