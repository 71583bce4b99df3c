import { createRequire } from 'node:module';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';

/**
 * The storage class-transformer's decorators (@Type, @Transform, @Expose, @Exclude) write to. Not in
 * its index (and its types live apart from its cjs build); @nestjs/mapped-types reads it the same way.
 */
export const transformMetadata = (
  createRequire(import.meta.url)('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage }
).defaultMetadataStorage;
