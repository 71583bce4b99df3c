import { SetMetadata } from '@nestjs/common';

export const MIN_PROPERTIES = 'validation:minProperties';

/** Body schema name (the class name) → minimum, so the OpenAPI document states the same rule. */
export const SCHEMA_MIN_PROPERTIES = new Map<string, number>();

/** A body DTO with this refuses objects with fewer properties (Auth0's PATCH bodies need one). */
export const MinProperties = (count: number): ClassDecorator => (target) => {
  SCHEMA_MIN_PROPERTIES.set(target.name, count);
  SetMetadata(MIN_PROPERTIES, count)(target);
};
