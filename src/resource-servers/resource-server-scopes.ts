import type { Prisma } from '../generated/prisma/client.js';

interface ResourceServerScope {
  value: string;
  description: string;
}

/**
 * A resource server's `scopes` column read once for every reader: the validation stores only
 * `{value, description?}` objects, but the column is JSON, so anything else is skipped rather than
 * trusted. A missing description reads as empty, as Auth0 lists a permission's.
 */
export function scopesOf(json: Prisma.JsonValue): ResourceServerScope[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((scope) => {
    const { value, description } = (scope ?? {}) as { value?: unknown; description?: unknown };
    return typeof value === 'string' ? [{ value, description: typeof description === 'string' ? description : '' }] : [];
  });
}
