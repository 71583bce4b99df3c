import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PrismaTx } from '../database/transactions.js';
import type { ActionVersion, Prisma } from '../generated/prisma/client.js';
import type { ActionWithDeployed } from './dto/action.view.js';

interface ActionFilter {
  triggerId?: string;
  actionName?: string;
  deployed?: boolean;
}

// Only the deployed version travels with an action: it is what the view shows.
const WITH_DEPLOYED = { versions: { where: { deployed: true } } } as const;

@Injectable()
export class ActionsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  /** One page ordered by creation then id, so pages never overlap, and the filtered count. */
  async page(filter: ActionFilter, skip: number, take: number): Promise<{ rows: ActionWithDeployed[]; total: number }> {
    const where: Prisma.ActionWhereInput = {};
    if (filter.actionName !== undefined) where.name = filter.actionName;
    if (filter.triggerId !== undefined) where.supported_triggers = { array_contains: [{ id: filter.triggerId }] };
    if (filter.deployed === true) where.versions = { some: { deployed: true } };
    if (filter.deployed === false) where.versions = { none: { deployed: true } };
    const [rows, total] = await Promise.all([
      this.txHost.tx.action.findMany({ where, include: WITH_DEPLOYED, orderBy: [{ created_at: 'asc' }, { id: 'asc' }], skip, take }),
      this.txHost.tx.action.count({ where }),
    ]);
    return { rows, total };
  }

  async find(id: string): Promise<ActionWithDeployed | undefined> {
    return (await this.txHost.tx.action.findUnique({ where: { id }, include: WITH_DEPLOYED })) ?? undefined;
  }

  /** Newest first, as Auth0 lists versions. */
  async versions(actionId: string, skip: number, take: number): Promise<{ rows: ActionVersion[]; total: number }> {
    const where = { action_id: actionId };
    const [rows, total] = await Promise.all([
      this.txHost.tx.actionVersion.findMany({ where, orderBy: { number: 'desc' }, skip, take }),
      this.txHost.tx.actionVersion.count({ where }),
    ]);
    return { rows, total };
  }

  async version(actionId: string, versionId: string): Promise<ActionVersion | undefined> {
    return (await this.txHost.tx.actionVersion.findFirst({ where: { id: versionId, action_id: actionId } })) ?? undefined;
  }
}
