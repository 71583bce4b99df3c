import { Injectable } from '@nestjs/common';
import { actionNotFound, actionVersionNotFound } from './action-errors.js';
import { ACTION_TRIGGERS, type ActionTriggerInfo } from './action-triggers.js';
import { ActionsRepository } from './actions.repository.js';
import type { ActionListView, ActionVersionListView } from './dto/action-list.view.js';
import { toActionView, toVersionView, type ActionVersionView, type ActionView } from './dto/action.view.js';
import type { ListActionVersionsQuery } from './dto/list-action-versions.query.js';
import type { ListActionsQuery } from './dto/list-actions.query.js';

// Auth0's documented default page size for actions and their versions.
const DEFAULT_PER_PAGE = 20;

@Injectable()
export class ActionsService {
  constructor(private readonly actions: ActionsRepository) {}

  async list(query: ListActionsQuery): Promise<ActionListView> {
    const page = query.page ?? 0;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    // This service has no marketplace: `installed=true` selects nothing, `false` everything.
    if (query.installed === true) return { actions: [], total: 0, per_page: perPage };
    const { rows, total } = await this.actions.page(query, page * perPage, perPage);
    return { actions: rows.map((row) => toActionView(row)), total, per_page: perPage };
  }

  async get(id: string): Promise<ActionView> {
    const row = await this.actions.find(id);
    if (!row) throw actionNotFound();
    return toActionView(row);
  }

  async versions(id: string, query: ListActionVersionsQuery): Promise<ActionVersionListView> {
    const action = await this.actions.find(id);
    if (!action) throw actionNotFound();
    const page = query.page ?? 0;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const { rows, total } = await this.actions.versions(id, page * perPage, perPage);
    return { versions: rows.map((v) => toVersionView(v, action)), total, per_page: perPage };
  }

  async version(id: string, versionId: string): Promise<ActionVersionView> {
    const action = await this.actions.find(id);
    if (!action) throw actionNotFound();
    const version = await this.actions.version(id, versionId);
    if (!version) throw actionVersionNotFound();
    return toVersionView(version, action);
  }

  triggers(): { triggers: readonly ActionTriggerInfo[] } {
    return { triggers: ACTION_TRIGGERS };
  }
}
