import { badRequest } from '../api-error.js';
import { DEFAULT_PAGE_SIZE, type CheckpointPaginationQuery, type OffsetPaginationQuery } from './pagination.query.js';

/** Auth0 refuses offset pages reaching past this many records (checkpoint paging has no limit). */
const MAX_OFFSET_RECORDS = 1000;

type PageWindow =
  { kind: 'offset'; page: number; perPage: number; includeTotals: boolean } | { kind: 'checkpoint'; afterId?: string; take: number };

/** What a service supplies: rows ordered by their unique id (so pages never overlap), and a count. */
export interface PageSource<Row extends { id: string }> {
  rows(window: { skip: number; take: number; afterId?: string }): Promise<Row[]>;
  count(): Promise<number>;
}

export type OffsetPage<K extends string, V> = V[] | ({ start: number; limit: number; total: number } & Record<K, V[]>);
export type CheckpointPage<K extends string, V> = Record<K, V[]> & { next?: string };
export type ListResult<K extends string, V> = OffsetPage<K, V> | CheckpointPage<K, V>;

type AnyQuery = Partial<OffsetPaginationQuery & CheckpointPaginationQuery>;

/**
 * Reads a list query as Auth0 does: `from` or `take` selects checkpoint paging (or `checkpoint`
 * forces it, for endpoints that offer nothing else); otherwise page/per_page.
 */
export function pageWindow(query: AnyQuery, style: 'offset' | 'checkpoint' | 'either' = 'either'): PageWindow {
  const checkpoint = style === 'checkpoint' || (style === 'either' && (query.from !== undefined || query.take !== undefined));
  if (checkpoint) {
    return {
      kind: 'checkpoint',
      afterId: query.from === undefined ? undefined : decodeCursor(query.from),
      take: query.take ?? DEFAULT_PAGE_SIZE,
    };
  }
  const page = query.page ?? 0;
  const perPage = query.per_page ?? DEFAULT_PAGE_SIZE;
  if ((page + 1) * perPage > MAX_OFFSET_RECORDS) {
    throw badRequest('invalid_paging', `Requesting page exceeds the allowed maximum of ${MAX_OFFSET_RECORDS} records.`);
  }
  return { kind: 'offset', page, perPage, includeTotals: query.include_totals ?? false };
}

/** One page in Auth0's shape for the window: a bare array, `{start, limit, total, <key>}`, or `{<key>, next?}`. */
export async function listPage<K extends string, Row extends { id: string }, V>(
  key: K,
  window: PageWindow,
  source: PageSource<Row>,
  toView: (row: Row) => V,
): Promise<ListResult<K, V>> {
  if (window.kind === 'checkpoint') {
    // One extra row tells whether another page exists, so `next` is omitted on the last page.
    const rows = await source.rows({ skip: 0, take: window.take + 1, afterId: window.afterId });
    const items = rows.slice(0, window.take);
    const page = { [key]: items.map(toView) } as CheckpointPage<K, V>;
    if (rows.length > window.take) page.next = encodeCursor(items[items.length - 1].id);
    return page;
  }
  const skip = window.page * window.perPage;
  if (!window.includeTotals) return (await source.rows({ skip, take: window.perPage })).map(toView);
  const [rows, total] = await Promise.all([source.rows({ skip, take: window.perPage }), source.count()]);
  return { start: skip, limit: window.perPage, total, [key]: rows.map(toView) } as OffsetPage<K, V>;
}

/** `next` is opaque to clients: the last id seen, base64url-encoded. */
export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function decodeCursor(from: string): string {
  const id = Buffer.from(from, 'base64url').toString('utf8');
  if (!id || encodeCursor(id) !== from) {
    throw badRequest(
      'invalid_query_string',
      `Query validation error: 'Invalid checkpoint' on property from (Optional Id from which to start selection.).`,
    );
  }
  return id;
}
