import { Injectable } from '@nestjs/common';
import { fieldSelector } from '../common/fields.js';
import { pageWindow } from '../common/pagination/pagination.js';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/pagination.query.js';
import type { ListLogsQuery, UserLogsQuery } from './dto/list-logs.query.js';
import { logJson } from './dto/log.view.js';
import { parseLogSearch, type LogFilter } from './log-search.js';
import { logNotFound } from './logs-errors.js';
import { userNotFound } from '../users/user-errors.js';
import { LogsRepository } from './logs.repository.js';

/**
 * Reading tenant log entries as Auth0's /logs does. Answers are JSON text (logJson): a page's
 * details go out as stored, so LogView's shape holds, but no LogView object is built.
 */
@Injectable()
export class LogsService {
  constructor(private readonly logs: LogsRepository) {}

  async get(logId: string): Promise<string> {
    const row = await this.logs.find(logId);
    if (!row) throw logNotFound();
    return logJson(row);
  }

  /**
   * Checkpoint (`from` or `take`): entries after `from` in log_id order; Auth0 ignores every
   * other parameter then. Otherwise a search by date, paged, optionally with totals.
   */
  async list(query: ListLogsQuery): Promise<{ json: string; next?: { from: string; take: number } }> {
    if (query.from !== undefined || query.take !== undefined) {
      const take = query.take ?? DEFAULT_PAGE_SIZE;
      const rows = await this.logs.after(query.from, take);
      // Auth0's next link repeats the same `from` when nothing newer exists yet.
      const from = rows.length ? rows[rows.length - 1].log_id : query.from;
      return { json: `[${rows.map((row) => logJson(row)).join(',')}]`, next: from === undefined ? undefined : { from, take } };
    }
    return { json: await this.search(parseLogSearch(query.q ?? query.search), query) };
  }

  /**
   * GET /users/{id}/logs: the user's entries (those whose user_id is the user's), paged and sorted
   * as /logs; the user's 404, as the user's other lists, when there is no such user (a deleted
   * user's entries stay readable through /logs?q=user_id:...).
   */
  async listForUser(userId: string, query: UserLogsQuery): Promise<string> {
    if (!(await this.logs.userExists(userId))) throw userNotFound();
    return this.search({ sql: 'user_id = $1', values: [userId] }, query);
  }

  private async search(filter: LogFilter, query: UserLogsQuery & Pick<ListLogsQuery, 'fields' | 'include_fields'>): Promise<string> {
    const window = pageWindow(query, 'offset');
    if (window.kind !== 'offset') throw new Error('unreachable: offset window expected');
    const order = sortOrder(query.sort);
    const skip = window.page * window.perPage;
    const selected = fieldSelector(query.fields, query.include_fields);
    const rows = await this.logs.search(filter, order, skip, window.perPage);
    const logs = `[${rows.map((row) => logJson(row, selected)).join(',')}]`;
    if (!window.includeTotals) return logs;
    const total = await this.logs.count(filter);
    const totals = JSON.stringify({ start: skip, limit: window.perPage, length: rows.length, total });
    return `${totals.slice(0, -1)},"logs":${logs}}`;
  }
}

/** `sort` has passed the query's pattern: date:1 or date:-1. */
function sortOrder(sort: string | undefined): 'asc' | 'desc' {
  return sort === 'date:1' ? 'asc' : 'desc';
}
