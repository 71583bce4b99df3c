import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../../src/common/api-error.js';
import { encodeCursor, listPage, pageWindow, type PageSource } from '../../src/common/pagination/pagination.js';

const rows = Array.from({ length: 7 }, (_, i) => ({ id: `id_${i}` }));
const source: PageSource<{ id: string }> = {
  rows: ({ skip, take, afterId }) => Promise.resolve(rows.filter((r) => afterId === undefined || r.id > afterId).slice(skip, skip + take)),
  count: () => Promise.resolve(rows.length),
};
const view = (r: { id: string }) => r.id;

describe('pageWindow', () => {
  it('defaults to page 0 of 50 without totals', () => {
    assert.deepEqual(pageWindow({}), { kind: 'offset', page: 0, perPage: 50, includeTotals: false });
  });

  it('from or take selects checkpoint paging; the checkpoint style is forced where it is the only one', () => {
    assert.deepEqual(pageWindow({ take: 5, include_totals: true }), { kind: 'checkpoint', afterId: undefined, take: 5 });
    assert.deepEqual(pageWindow({ from: encodeCursor('org_1') }), { kind: 'checkpoint', afterId: 'org_1', take: 50 });
    assert.deepEqual(pageWindow({}, 'checkpoint'), { kind: 'checkpoint', afterId: undefined, take: 50 });
    assert.equal(pageWindow({ take: 5 }, 'offset').kind, 'offset');
  });

  it('refuses offset pages reaching past 1000 records, allowing the last one', () => {
    assert.equal(pageWindow({ page: 19, per_page: 50 }).kind, 'offset');
    assert.throws(
      () => pageWindow({ page: 20, per_page: 50 }),
      (e: ApiError) => e.status === HttpStatus.BAD_REQUEST && e.errorCode === 'invalid_paging',
    );
  });

  it('refuses a from that is not one of its own cursors', () => {
    assert.throws(
      () => pageWindow({ from: '***' }),
      (e: ApiError) => e.status === HttpStatus.BAD_REQUEST && e.errorCode === 'invalid_query_string',
    );
  });
});

describe('listPage', () => {
  it('a bare array without totals; {start, limit, total, key} with', async () => {
    assert.deepEqual(await listPage('things', pageWindow({ page: 1, per_page: 3 }), source, view), ['id_3', 'id_4', 'id_5']);
    assert.deepEqual(await listPage('things', pageWindow({ page: 2, per_page: 3, include_totals: true }), source, view), {
      start: 6,
      limit: 3,
      total: 7,
      things: ['id_6'],
    });
  });

  it('checkpoint pages carry next until the last, where it is omitted', async () => {
    const first = await listPage('things', pageWindow({ take: 4 }), source, view);
    assert.deepEqual(first, { things: ['id_0', 'id_1', 'id_2', 'id_3'], next: encodeCursor('id_3') });
    const last = await listPage('things', pageWindow({ take: 4, from: (first as { next: string }).next }), source, view);
    assert.deepEqual(last, { things: ['id_4', 'id_5', 'id_6'] });
    assert.ok(!('next' in last));
  });

  it('a page that exactly empties the list has no next', async () => {
    assert.deepEqual(await listPage('things', pageWindow({ take: 7 }), source, view), { things: rows.map(view) });
  });
});
