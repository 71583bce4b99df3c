import type { Type } from '@nestjs/common';
import { IsOptional } from 'class-validator';

/**
 * The class with `keys` also accepting null, which Auth0 PATCH bodies send to unset a setting;
 * a mapped type like PartialType, so the other rules and the descriptions stay those of the class.
 */
export function NullableType<T, K extends keyof T & string>(
  classRef: Type<T>,
  keys: readonly K[],
): Type<Omit<T, K> & { [P in K]?: T[P] | null }> {
  abstract class NullableTypeClass extends (classRef as Type<object>) {}
  // class-validator lets a class's own condition replace the inherited one, so null is skipped.
  for (const key of keys) IsOptional()(NullableTypeClass.prototype, key);
  return NullableTypeClass as unknown as Type<Omit<T, K> & { [P in K]?: T[P] | null }>;
}
