import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe, type Type } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes, type MetadataStorage, type ValidationArguments } from 'class-validator';
import { ApiError, badRequest } from '../api-error.js';
import { AUTH0_CONSTRAINTS, AUTH0_OBJECT_RULES, checkOrder, isAuth0Constraint, jsonType } from './auth0-constraints.js';
import { shieldJsonData } from './json-data.js';
import { cacheTargetValidationMetadatas } from './metadata-cache.js';
import { MIN_PROPERTIES } from './min-properties.decorator.js';

class ValidationFailed extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

const SOURCES = {
  body: { prefix: 'Payload', errorCode: 'invalid_body' },
  param: { prefix: 'Path', errorCode: 'invalid_uri' },
  query: { prefix: 'Query', errorCode: 'invalid_query_string' },
} as const;
type Source = (typeof SOURCES)[keyof typeof SOURCES];

/**
 * class-validator checks, Auth0 words the refusal: "<Payload|Path|Query> validation error: '<reason>'
 * on property <name> (<description>)." The reason is the first broken constraint in Auth0's order
 * (auth0-constraints.ts), so every broken constraint is collected, not only the first one met.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: false,
      validateCustomDecorators: false,
      // The reason needs the value and the object it was found in (whose class holds the constraint's arguments).
      validationError: { target: true, value: true },
      exceptionFactory: (errors) => new ValidationFailed(errors),
    });
    cacheTargetValidationMetadatas();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const source = metadata.type === 'custom' ? undefined : SOURCES[metadata.type];
    if (!source || !metadata.metatype || !this.toValidate(metadata)) return value;
    if (metadata.type === 'body') checkBodyShape(value, metadata.metatype);
    const shielded = shieldJsonData(value, metadata.metatype);
    refuseProtoKeys(shielded, source);
    try {
      return await super.transform(shielded ?? {}, metadata);
    } catch (error) {
      if (error instanceof ValidationFailed) throw toApiError(error.errors, source, metadata.metatype);
      throw error;
    }
  }
}

/** What class-validator cannot see: the body's own type, and Auth0's minimum of properties for PATCH. */
function checkBodyShape(value: unknown, metatype: Type): void {
  if (value !== undefined && jsonType(value) !== 'object')
    throw badRequest('invalid_body', `Payload validation error: '${AUTH0_CONSTRAINTS.isObject.message(value, [], '')}'.`);
  const min = Reflect.getMetadata(MIN_PROPERTIES, metatype) as number | undefined;
  const body = value ?? {};
  if (min !== undefined && Object.keys(body).length < min) {
    throw badRequest('invalid_body', `Payload validation error: '${AUTH0_OBJECT_RULES.minProperties.message(body, min)}'.`);
  }
}

/**
 * Nest's pipe deletes `constructor` and `prototype` keys before class-transformer sees them, so an
 * undeclared one would vanish instead of being refused like any other undeclared property.
 * Free-form objects (metadata) are shielded by now and keep theirs; what is left belongs to a
 * declared class, none of which has such a property. (`__proto__` never gets here: the JSON parser refuses it.)
 */
function refuseProtoKeys(value: unknown, source: Source, property?: string): void {
  if (Array.isArray(value)) {
    for (const item of value) refuseProtoKeys(item, source, property);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const found = ['constructor', 'prototype'].filter((key) => Object.hasOwn(value, key));
  if (found.length > 0) {
    const where = property === undefined ? '' : ` on property ${property}`;
    throw badRequest(
      source.errorCode,
      `${source.prefix} validation error: '${AUTH0_OBJECT_RULES.additionalProperties.message(found)}'${where}.`,
    );
  }
  for (const [key, child] of Object.entries(value)) refuseProtoKeys(child, source, property ?? key);
}

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

interface Failure {
  /** The request's property at fault, named in the message; absent when the request as a whole is. */
  property?: string;
  reason: string;
}

function toApiError(errors: ValidationError[], source: Source, metatype: Type): ApiError {
  const { property, reason } = firstFailure(errors);
  const description =
    property === undefined
      ? undefined
      : (
          Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, metatype.prototype as object, property) as
            { description?: string } | undefined
        )?.description;
  const where = property === undefined ? '' : ` on property ${property}${description ? ` (${description})` : ''}`;
  return badRequest(source.errorCode, `${source.prefix} validation error: '${reason}'${where}.`);
}

/**
 * Unknown properties first (all of them, as Auth0 lists them), then the first property in the
 * order the DTO declares them. A nested object's failure is reported on the request's property
 * that holds it, with the path below it where Auth0 gives one.
 */
function firstFailure(errors: ValidationError[], within?: { property: string; path: string[] }): Failure {
  const unknown = errors.filter((error) => error.constraints?.[ValidationTypes.WHITELIST]).map((error) => error.property);
  if (unknown.length > 0) return { property: within?.property, reason: AUTH0_OBJECT_RULES.additionalProperties.message(unknown) };
  const [error] = errors;
  const path = within ? [...within.path, error.property] : [];
  if (!error.constraints) return firstFailure(error.children ?? [], { property: within?.property ?? error.property, path });
  if (error.value === undefined)
    return { property: within?.property, reason: AUTH0_OBJECT_RULES.missing(within ? path.join('.') : error.property) };
  return { property: within?.property ?? error.property, reason: firstBrokenConstraint(error) };
}

/** Auth0's wording of the constraint it checks first; for a rule on each item, the first item that breaks one. */
function firstBrokenConstraint({ target, property, value, constraints = {} }: ValidationError): string {
  const rules = target
    ? getMetadataStorage()
        .getTargetValidationMetadatas(target.constructor, '', true, false)
        .filter((rule) => rule.propertyName === property)
    : [];
  const broken = Object.keys(constraints).map((name) => {
    const rule = rules.find((candidate) => candidate.name === name);
    const item = rule?.each && Array.isArray(value) && target ? firstBrokenItem(rule, value, target) : -1;
    // The value's own constraints before those of its items; items in their order; then Auth0's order.
    const rank = [item, rule?.each ? 1 : 0, checkOrder(name) ?? Infinity];
    return {
      name,
      args: (rule?.constraints ?? []) as readonly unknown[],
      value: item < 0 ? (value as unknown) : (value as unknown[])[item],
      rank,
    };
  });
  broken.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2]);
  const [first] = broken;
  return isAuth0Constraint(first.name) ? AUTH0_CONSTRAINTS[first.name].message(first.value, first.args, property) : constraints[first.name];
}

function firstBrokenItem(rule: ValidationMetadata, items: unknown[], object: object): number {
  const [constraint] = getMetadataStorage().getTargetValidatorConstraints(rule.constraintCls);
  const args = (value: unknown): ValidationArguments => ({
    value,
    constraints: rule.constraints,
    targetName: object.constructor.name,
    object,
    property: rule.propertyName,
  });
  return items.findIndex((item) => constraint.instance.validate(item, args(item)) !== true);
}
