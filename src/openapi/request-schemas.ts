import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ApiProperty, type OpenAPIObject, type SchemaObject } from '@nestjs/swagger';
import { createRequire } from 'node:module';
import type { MetadataStorage as TransformMetadataStorage } from 'class-transformer/types/MetadataStorage.js';
import { getMetadataStorage, IS_OPTIONAL, ValidationTypes } from 'class-validator';
import { AUTH0_CONSTRAINTS, AUTH0_OBJECT_RULES, isAuth0Constraint } from '../common/validation/auth0-constraints.js';
import { MIN_PROPERTIES } from '../common/validation/min-properties.decorator.js';

const rulesOf = (type: Type) => getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);

/**
 * The request side of the document, read from the validators the pipe runs: for every class a
 * route validates (body, query, path) and every class nested in one, each property's type,
 * limits, listed values, pattern, format, and whether it is required or nullable. A request
 * DTO's `@ApiProperty` gives only the description (which Auth0 also repeats in its errors);
 * what it would say about types or `required` is overwritten here. A constraint without an
 * entry in auth0-constraints.ts stops the boot rather than go undocumented.
 *
 * Returns the classes read, for `closeRequestSchemas` once the document exists.
 */
export function documentRequestClasses(app: INestApplication): Type[] {
  return documentClasses(routeParameterTypes(app));
}

/** The classes and those nested in them, each documented once. */
export function documentClasses(roots: Type[]): Type[] {
  const read = new Set<Type>();
  for (const type of roots) documentClass(type, read);
  return [...read];
}

/**
 * What no property decorator can state: the pipe refuses properties a class does not declare
 * (forbidNonWhitelisted), nested objects included, and PATCH bodies below their minimum.
 */
export function closeRequestSchemas(document: OpenAPIObject, classes: Type[]): void {
  for (const type of classes) {
    // Query and path classes became parameters; only bodies and their nested objects are schemas.
    const schema = document.components?.schemas?.[type.name] as SchemaObject | undefined;
    if (!schema) continue;
    Object.assign(schema, AUTH0_OBJECT_RULES.additionalProperties.schema());
    const min = Reflect.getMetadata(MIN_PROPERTIES, type) as number | undefined;
    if (min !== undefined) Object.assign(schema, AUTH0_OBJECT_RULES.minProperties.schema(min));
  }
}

function routeParameterTypes(app: INestApplication): Type[] {
  const types = new Set<Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const prototype = (metatype as Type).prototype as object;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        for (const type of (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[]) {
          if (typeof type === 'function' && rulesOf(type as Type).length > 0) types.add(type as Type);
        }
      }
    }
  }
  return [...types];
}

function documentClass(type: Type, read: Set<Type>): void {
  if (read.has(type)) return;
  read.add(type);
  const properties = new Map<string, ReturnType<typeof rulesOf>>();
  for (const rule of rulesOf(type)) properties.set(rule.propertyName, [...(properties.get(rule.propertyName) ?? []), rule]);
  for (const [property, rules] of properties) {
    // ApiProperty's options: `required` here is a boolean, not the schema's list of names.
    const schema: Record<string, unknown> = { required: true };
    const items: SchemaObject = {};
    let nested: Type | undefined;
    for (const rule of rules) {
      const where = `${type.name}.${property}`;
      if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) {
        schema.required = false;
        // @IsOptional() lets null through; a plain @ValidateIf (IfPresent) does not.
        if (rule.name === IS_OPTIONAL) schema.nullable = true;
      } else if (rule.type === ValidationTypes.NESTED_VALIDATION) {
        nested = Reflect.getMetadata('design:type', type.prototype as object, property) as Type | undefined;
        // An array of objects (@ValidateNested({ each: true })): its items' class is the one its
        // @Type(() => Class) names (mapped types such as PartialType copy that, not the design type).
        if (rule.each) nested = itemClass(type, property);
        if (!nested || rulesOf(nested).length === 0)
          throw new Error(`${where}: @ValidateNested needs a property typed with a validated class`);
        documentClass(nested, read);
      } else if (rule.type === ValidationTypes.CUSTOM_VALIDATION && rule.name && isAuth0Constraint(rule.name)) {
        Object.assign(rule.each ? items : schema, AUTH0_CONSTRAINTS[rule.name].schema((rule.constraints as unknown[] | undefined) ?? []));
      } else {
        throw new Error(`${where}: constraint ${rule.name ?? rule.type} has no Auth0 wording and schema in auth0-constraints.ts`);
      }
    }
    // A nested object is documented by its class (a $ref to its schema), not as a bare object;
    // an array of them by its items' class, stated here since mapped types may not carry it.
    if (nested) delete schema.type;
    if (nested && rules.some((rule) => rule.type === ValidationTypes.NESTED_VALIDATION && rule.each))
      Object.assign(schema, { type: nested, isArray: true });
    ApiProperty({ ...schema, ...(Object.keys(items).length > 0 ? { items } : {}) })(type.prototype as object, property);
  }
}

// class-transformer keeps @Type's metadata here (its types live apart from its cjs build);
// @nestjs/mapped-types reads it the same way.
const { defaultMetadataStorage } = createRequire(import.meta.url)('class-transformer/cjs/storage') as {
  defaultMetadataStorage: TransformMetadataStorage;
};

function itemClass(type: Type, property: string): Type | undefined {
  return (
    defaultMetadataStorage.findTypeMetadata(type, property) as ReturnType<TransformMetadataStorage['findTypeMetadata']> | undefined
  )?.typeFunction() as Type | undefined;
}
