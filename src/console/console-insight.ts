import { insufficientScope } from '../auth/scopes.guard.js';
import { Injectable } from '@nestjs/common';
import { actionNotFound } from '../actions/action-errors.js';
import { toExecutionView, type ActionExecutionView } from '../action-runtime/action-execution.view.js';
import { CONSOLE_ROUTE } from '../routes.js';
import { ConsoleInsightRepository } from './console-insight.repository.js';
import type { ConsoleSession } from './console-sessions.js';

/** Below the forward's own path, under a name no /api/v2 path has, so routes.ts and the route table stay as they are. */
export const INSIGHT_BASE = `/${CONSOLE_ROUTE}/api/insight/`;
const MAX_PER_PAGE = 50;

interface ExecutionPage {
  executions: ActionExecutionView[];
  total: number;
}
interface DeliveryView {
  id: string;
  failures: number;
  retry_at: string | null;
  last_error: string | null;
}

/**
 * Reads the console needs that the Management API has no endpoint for, as Auth0 has none: an
 * action's recent executions (Auth0 finds them through log entries; ours carry no execution id),
 * and why a log stream's deliveries fail. Each needs the scope its API counterpart would need.
 */
@Injectable()
export class ConsoleInsight {
  constructor(private readonly repository: ConsoleInsightRepository) {}

  /** The answer for `url` (below INSIGHT_BASE), or undefined when it names no insight read. */
  async answer(url: URL, session: ConsoleSession): Promise<ExecutionPage | DeliveryView[] | undefined> {
    const path = url.pathname.slice(INSIGHT_BASE.length);
    if (path === 'action-executions') return this.executions(url.searchParams, session);
    if (path === 'log-stream-deliveries') return this.deliveries(session);
    return undefined;
  }

  private async executions(params: URLSearchParams, session: ConsoleSession): Promise<ExecutionPage> {
    requireScope(session, 'read:actions');
    const actionId = params.get('action_id') ?? '';
    if (!(await this.repository.actionExists(actionId))) throw actionNotFound();
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(params.get('per_page')) || 10));
    const page = Math.max(0, Number(params.get('page')) || 0);
    const { rows, total } = await this.repository.executions(actionId, page * perPage, perPage);
    return { executions: rows.map(toExecutionView), total };
  }

  private async deliveries(session: ConsoleSession): Promise<DeliveryView[]> {
    requireScope(session, 'read:log_streams');
    return (await this.repository.streamDeliveries()).map((row) => ({
      id: row.id,
      failures: row.failures,
      retry_at: row.retry_at?.toISOString() ?? null,
      last_error: row.last_error,
    }));
  }
}

/** The scopes guard's refusal, in its words. */
function requireScope(session: ConsoleSession, scope: string): void {
  if (!session.scopes.includes(scope)) {
    throw insufficientScope(scope);
  }
}
