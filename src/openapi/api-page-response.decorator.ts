import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

const integer = { type: 'integer' } as const;

/**
 * A list answer in each of Auth0's shapes the endpoint offers: a bare array (offset paging
 * without totals), `{start, limit, total, <key>}` (with include_totals), and
 * `{<key>, next?}` (checkpoint paging; `next` is absent on the last page).
 */
export function ApiPageResponse(key: string, item: Type, styles: ('offset' | 'checkpoint')[]): MethodDecorator {
  const items = { type: 'array', items: { $ref: getSchemaPath(item) } } as const;
  const variants: object[] = [];
  if (styles.includes('offset')) {
    variants.push(items, {
      type: 'object',
      required: ['start', 'limit', 'total', key],
      properties: { start: integer, limit: integer, total: integer, [key]: items },
    });
  }
  if (styles.includes('checkpoint')) {
    variants.push({
      type: 'object',
      required: [key],
      properties: {
        [key]: items,
        next: { type: 'string', description: 'Opaque checkpoint for the next page (the `from` parameter); absent on the last page.' },
      },
    });
  }
  return applyDecorators(
    ApiExtraModels(item),
    ApiOkResponse({ description: 'One page of results.', schema: variants.length === 1 ? variants[0] : { oneOf: variants } }),
  );
}
