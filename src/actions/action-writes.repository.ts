import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Action, ActionVersion, Prisma } from '../generated/prisma/client.js';
import { actionNameTaken } from './action-errors.js';
import type { ActionWithDeployed } from './dto/action.view.js';

// The unique index on the name decides conflicts, so two concurrent creates cannot both win.
const failed = mapDatabaseErrors({ constraints: { actions_name_key: actionNameTaken } });
const WITH_DEPLOYED = { versions: { where: { deployed: true } } } as const;

/** A deploy's result: the new version, and the action it is now the deployed version of. */
export interface Deployment {
  version: ActionVersion;
  action: ActionWithDeployed;
}

@Injectable()
export class ActionWritesRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  create(data: Prisma.ActionCreateInput): Promise<ActionWithDeployed> {
    return this.txHost.tx.action.create({ data, include: WITH_DEPLOYED }).catch(failed);
  }

  /** Undefined when there is no such action. */
  async update(id: string, data: Prisma.ActionUpdateInput): Promise<ActionWithDeployed | undefined> {
    const updated = await this.txHost.tx.action.updateMany({ where: { id }, data }).catch(failed);
    if (updated.count === 0) return undefined;
    return (await this.txHost.tx.action.findUnique({ where: { id }, include: WITH_DEPLOYED })) ?? undefined;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.txHost.tx.action.deleteMany({ where: { id } })).count > 0;
  }

  /** Whether a token exchange profile executes this action (read only: that table is another feature's). */
  async boundToProfile(id: string): Promise<boolean> {
    return (await this.txHost.tx.tokenExchangeProfile.count({ where: { action_id: id } })) > 0;
  }

  /**
   * Freezes the draft into version n+1 and makes it the deployed one, in one transaction: the
   * action row is locked first, so concurrent deploys number their versions one after the other,
   * and the previous version is unmarked before the new one takes the unique `deployed` slot.
   * Undefined when there is no such action; `failed` for a draft an earlier release stored as failed
   * (it parsed code at build time).
   */
  deploy(id: string): Promise<Deployment | 'failed' | undefined> {
    return this.locked(id, async (tx, draft) => (draft.status === 'failed' ? 'failed' : this.freeze(tx, draft, draft)));
  }

  /**
   * Auth0's roll back: a new deployed version identical to an earlier one (which built, as every
   * version did), and with `updateDraft` the draft made that version's too. `version_missing` when
   * the action has no such version.
   */
  deployVersion(id: string, versionId: string, updateDraft: boolean): Promise<Deployment | 'version_missing' | undefined> {
    return this.locked(id, async (tx, draft) => {
      const source = await tx.actionVersion.findFirst({ where: { id: versionId, action_id: id } });
      if (!source) return 'version_missing';
      const action = updateDraft
        ? await tx.action.update({ where: { id }, data: { ...contentOf(source), status: 'built', updated_at: new Date() } })
        : draft;
      return this.freeze(tx, action, source);
    });
  }

  /** Runs `work` with the action row locked; undefined when there is no such action. */
  private locked<T>(id: string, work: (tx: Prisma.TransactionClient, draft: Action) => Promise<T>): Promise<T | undefined> {
    return this.txHost.withTransaction(Propagation.Nested, async () => {
      const tx = this.txHost.tx;
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM actions WHERE id = ${id} FOR UPDATE`;
      if (locked.length === 0) return undefined;
      return work(tx, await tx.action.findUniqueOrThrow({ where: { id } }));
    });
  }

  /** Version n+1 of `action`, made of `source`'s content and now the deployed one. */
  private async freeze(tx: Prisma.TransactionClient, action: Action, source: Action | ActionVersion): Promise<Deployment> {
    const last = await tx.actionVersion.aggregate({ where: { action_id: action.id }, _max: { number: true } });
    await tx.actionVersion.updateMany({ where: { action_id: action.id, deployed: true }, data: { deployed: null } });
    // Stamped here, like the draft's updated_at, so all_changes_deployed compares one clock.
    const now = new Date();
    const version = await tx.actionVersion.create({
      data: {
        id: randomUUID(),
        action_id: action.id,
        number: (last._max.number ?? 0) + 1,
        ...contentOf(source),
        status: 'built',
        deployed: true,
        created_at: now,
        updated_at: now,
      },
    });
    return { version, action: { ...action, versions: [version] } };
  }
}

/** What a version keeps of the draft it froze: its code and what the code runs with. */
function contentOf(source: Action | ActionVersion) {
  return {
    code: source.code,
    runtime: source.runtime,
    dependencies: source.dependencies as Prisma.InputJsonValue,
    secrets: source.secrets as Prisma.InputJsonValue,
    supported_triggers: source.supported_triggers as Prisma.InputJsonValue,
  };
}
