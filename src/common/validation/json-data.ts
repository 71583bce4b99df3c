import { createRequire } from 'node:module';
import type { Type } from '@nestjs/common';
import { Transform } from 'class-transformer';
import type { MetadataStorage as TransformMetadataStorage } from 'class-transformer/types/MetadataStorage.js';
import { getMetadataStorage, IS_OBJECT, ValidationTypes } from 'class-validator';

// class-transformer keeps @Type's metadata here (its types live apart from its cjs build), as request-schemas.ts reads it.
const { defaultMetadataStorage } = createRequire(import.meta.url)('class-transformer/cjs/storage') as {
  defaultMetadataStorage: TransformMetadataStorage;
};

interface Plan {
  /** Properties holding the caller's own JSON object: `@IsObject()` with no class to build. */
  free: string[];
  /** Properties holding a validated class (`@ValidateNested()` + `@Type`), one object or each item. */
  nested: { property: string; type: Type; each: boolean }[];
}

const plans = new WeakMap<Type, Plan>();
/** The caller's values, by the copy of the object they were taken from (the `obj` class-transformer hands a @Transform). */
const kept = new WeakMap<object, Record<string, unknown>>();

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function planOf(type: Type): Plan {
  let plan = plans.get(type);
  if (plan) return plan;
  const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  // findTypeMetadata's declared type omits the undefined it returns for a property without @Type.
  const typed = (property: string) =>
    (
      defaultMetadataStorage.findTypeMetadata(type, property) as ReturnType<TransformMetadataStorage['findTypeMetadata']> | undefined
    )?.typeFunction() as Type | undefined;
  const free = [...new Set(rules.filter((r) => r.name === IS_OBJECT && !r.each && !typed(r.propertyName)).map((r) => r.propertyName))];
  const nested = rules
    .filter((r) => r.type === ValidationTypes.NESTED_VALIDATION)
    .flatMap((r) => {
      const nestedType = typed(r.propertyName);
      return nestedType ? [{ property: r.propertyName, type: nestedType, each: r.each }] : [];
    });
  plans.set(type, (plan = { free, nested }));
  // The caller's value replaces what class-transformer made of the stand-in, before validation sees it.
  for (const property of free)
    Transform(
      ({ obj, key, value }) => {
        const own = kept.get(obj as object);
        return own && key in own ? own[key] : (value as unknown);
      },
      { toClassOnly: true },
    )(type.prototype as object, property);
  return plan;
}

/**
 * A free-form object (metadata, a connection's options) is the caller's data, to be kept key for
 * key. Handed to class-transformer and Nest's pipe, it lost keys without an error: Nest deletes
 * every `constructor` and `prototype` key, and class-transformer copies the object into a fresh `{}`
 * skipping every key that names a function `{}` inherits (`toString`, `valueOf`, `hasOwnProperty`...),
 * and fails outright on a `constructor` it cannot call. So the pipe is handed a copy of the input
 * in which each such object is an empty stand-in, and a @Transform on the property puts the caller's
 * object back, as parsed, before validation. Nothing is assigned key by key, so no key can reach a
 * prototype (and Fastify's JSON parser refuses `__proto__` itself). The rest of the input, what a
 * class describes, goes through the pipe as before. The input itself is left as it came.
 */
export function shieldJsonData(value: unknown, type: Type): unknown {
  if (!isObject(value)) return value;
  const { free, nested } = planOf(type);
  let copy: Record<string, unknown> | undefined;
  const own: Record<string, unknown> = {};
  for (const property of free) {
    if (!isObject(value[property])) continue;
    own[property] = value[property];
    (copy ??= { ...value })[property] = {};
  }
  for (const { property, type: inner, each } of nested) {
    const child = value[property];
    const shielded = each && Array.isArray(child) ? child.map((item) => shieldJsonData(item, inner)) : shieldJsonData(child, inner);
    const changed = Array.isArray(shielded) ? shielded.some((item, i) => item !== (child as unknown[])[i]) : shielded !== child;
    if (changed) (copy ??= { ...value })[property] = shielded;
  }
  if (copy) kept.set(copy, own);
  return copy ?? value;
}
