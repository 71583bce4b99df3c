import { SetMetadata } from '@nestjs/common';

export const MIN_PROPERTIES = 'validation:minProperties';

/** A body DTO with this refuses objects with fewer properties (Auth0's PATCH bodies need one). */
export const MinProperties = (count: number): ClassDecorator => SetMetadata(MIN_PROPERTIES, count);
