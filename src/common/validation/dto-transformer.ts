import type { Type, ValidationPipeOptions } from '@nestjs/common';
import { instanceToPlain, plainToInstance, TransformationType, type ClassTransformOptions } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { transformMetadata } from './transform-metadata.js';

type TransformerPackage = NonNullable<ValidationPipeOptions['transformerPackage']>;

const plainByClass = new WeakMap<object, ReadonlySet<string> | null>();

/**
 * The properties class-transformer would copy as they are into an instance of `cls`: those the
 * class validates that no @Type, @Transform, @Expose or @Exclude touches (on the class or a
 * parent), none shadowed by its prototype. Null when the class itself is exposed or excluded as a
 * whole. Decorators run when a class is defined, so the answer is computed once per class.
 */
export function copiedAsIs(cls: Type): ReadonlySet<string> | null {
  let plain = plainByClass.get(cls);
  if (plain !== undefined) return plain;
  const storage = transformMetadata;
  // Its types promise a record where it answers undefined for none.
  const found = (metadata: unknown) => metadata !== undefined;
  const touched = (name: string) =>
    found(storage.findTypeMetadata(cls, name)) ||
    storage.findTransformMetadatas(cls, name, TransformationType.PLAIN_TO_CLASS).length > 0 ||
    found(storage.findExposeMetadata(cls, name)) ||
    found(storage.findExcludeMetadata(cls, name)) ||
    name in (cls.prototype as object);
  const classWide =
    storage.getStrategy(cls) !== 'none' || storage.getExposedMetadatas(cls).length > 0 || storage.getExcludedMetadatas(cls).length > 0;
  const names = getMetadataStorage()
    .getTargetValidationMetadatas(cls, '', true, false)
    .map((rule) => rule.propertyName);
  plain = classWide ? null : new Set(names.filter((name) => !touched(name)));
  plainByClass.set(cls, plain);
  return plain;
}

/** A plain object whose every property is one of `names` and holds a string, number, boolean or null. */
function isFlatCopy(value: unknown, names: ReadonlySet<string>): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !names.has(key)) return false;
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') return false;
  }
  return true;
}

/**
 * class-transformer, given to ValidationPipe as its `transformerPackage`. A request's path, a
 * PATCH's few fields: most DTOs arrive as flat objects of primitives for classes that no
 * class-transformer decorator touches, which class-transformer turns into an instance by copying
 * each property as it is, after a dozen metadata lookups per property. Those get the copy
 * directly; anything else (a nested value, an unknown property, a @Transform) goes to
 * class-transformer. The result is the same object either way.
 */
export const dtoTransformer: TransformerPackage = {
  plainToInstance<T>(cls: Type<T>, plain: unknown, options?: ClassTransformOptions): T | T[] {
    const names = options === undefined ? copiedAsIs(cls) : null;
    if (names && isFlatCopy(plain, names)) {
      const instance = new cls() as Record<string, unknown>;
      for (const key of Object.keys(plain)) instance[key] = plain[key];
      return instance as T;
    }
    return plainToInstance(cls, plain, options);
  },
  classToPlain: (object: unknown, options?: ClassTransformOptions) => instanceToPlain(object, options),
};
