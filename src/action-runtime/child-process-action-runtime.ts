import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CUSTOM_TOKEN_EXCHANGE_TRIGGER } from '../actions/action-triggers.js';
import { SealedSecrets } from '../common/sealed-secrets.js';
import { AppConfig } from '../config/app-config.js';
import type { Prisma } from '../generated/prisma/client.js';
import { ActionPool } from './action-pool.js';
import type { ProcessOutcome } from './action-process.js';
import { ActionRuntime, type ActionRunResult, type CustomTokenExchangeEvent } from './action-run.js';
import { ActionRuntimeRepository, type DeployedVersion } from './action-runtime.repository.js';

// Auth0 keeps executions 10 days (GET /actions/executions/{id} documentation); older ones are
// deleted at most once an hour, by whichever execution comes next.
const EXECUTION_RETENTION_MS = 10 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Runs deployed actions in child processes (action-pool.ts): the code never shares the service's
 * process, so it cannot read its environment, files, database connections or memory.
 */
@Injectable()
export class ChildProcessActionRuntime extends ActionRuntime implements OnApplicationShutdown {
  private pool?: ActionPool;
  private closing = false;
  private prunedAt = 0;

  constructor(
    private readonly repository: ActionRuntimeRepository,
    private readonly config: AppConfig,
    private readonly sealed: SealedSecrets,
  ) {
    super();
  }

  async runCustomTokenExchange(actionId: string, event: CustomTokenExchangeEvent): Promise<ActionRunResult> {
    // A UUID, as the execution ids in Auth0's documentation.
    const executionId = randomUUID();
    this.pruneExecutions();
    const [version, cache] = await Promise.all([this.repository.deployed(actionId), this.repository.cache(CUSTOM_TOKEN_EXCHANGE_TRIGGER)]);
    if (!version) {
      await this.repository.recordExecution(
        executionId,
        { actionId, triggerId: CUSTOM_TOKEN_EXCHANGE_TRIGGER },
        'canceled',
        [],
        new Date(),
      );
      return { outcome: { ok: false, failure: 'not_deployed', message: 'The action has no deployed version.' }, commands: [], executionId };
    }
    // Started on the first execution, so a service that never runs an action never forks.
    this.pool ??= new ActionPool(this.config.actionsWorkers, this.config.actionsMemoryMb, this.config.actionsTimeoutMs);
    const startedAt = new Date();
    const outcome = await this.pool.run(
      { versionId: version.id, event: { ...event, secrets: this.secretsOf(version) }, cache, timeoutMs: this.config.actionsTimeoutMs },
      version.code,
    );
    const endedAt = new Date();
    const recorded = Promise.all([
      outcome.type === 'done' ? this.repository.applyCache(CUSTOM_TOKEN_EXCHANGE_TRIGGER, outcome.cacheOps) : undefined,
      this.repository.recordExecution(
        executionId,
        { actionId, triggerId: CUSTOM_TOKEN_EXCHANGE_TRIGGER },
        statusOf(outcome),
        [resultOf(version, outcome, startedAt, endedAt)],
        startedAt,
      ),
    ]);
    // An execution cut short by the shutdown may find the database pool closed already (the order of
    // shutdown hooks is not ours): its record is then lost, but its caller still gets its outcome.
    await (this.closing ? recorded.catch(() => undefined) : recorded);
    return { outcome: outcomeOf(outcome), commands: outcome.type === 'done' ? outcome.commands : [], executionId };
  }

  onApplicationShutdown(): void {
    this.closing = true;
    this.pool?.close();
  }

  /** Action process ids, for tests that check none outlives the service. */
  processIds(): number[] {
    return this.pool?.pids() ?? [];
  }

  private pruneExecutions(): void {
    const now = Date.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    // Housekeeping: it never fails an exchange; after a failure the next execution tries again.
    this.repository.pruneExecutions(new Date(now - EXECUTION_RETENTION_MS)).catch(() => {
      this.prunedAt = 0;
    });
  }

  /** Clear values by name; SealedSecrets keeps them, so the scrypt derivation is paid once per value. */
  private secretsOf(version: DeployedVersion): Record<string, string> {
    const stored = Array.isArray(version.secrets) ? (version.secrets as { name: string; value: string }[]) : [];
    return Object.fromEntries(stored.map(({ name, value }) => [name, this.sealed.open(value)]));
  }
}

function outcomeOf(outcome: ProcessOutcome): ActionRunResult['outcome'] {
  if (outcome.type === 'failed') return { ok: false, failure: outcome.failure, message: outcome.message };
  return outcome.ok ? { ok: true } : { ok: false, failure: outcome.failure ?? 'error', message: outcome.error ?? 'The action failed.' };
}

// Auth0 keeps `final` for a flow that ran to its end, an action's error included; one the runtime
// stopped (time, memory, a dead process) is `canceled`. Our reading of Auth0's statuses, not confirmed.
const statusOf = (outcome: ProcessOutcome): string => (outcome.type === 'failed' || outcome.failure === 'timeout' ? 'canceled' : 'final');

function resultOf(version: DeployedVersion, outcome: ProcessOutcome, startedAt: Date, endedAt: Date): Prisma.InputJsonObject {
  const error =
    outcome.type === 'failed'
      ? { id: outcome.failure, msg: outcome.message }
      : outcome.ok
        ? null
        : { id: outcome.failure ?? 'error', msg: outcome.error ?? 'The action failed.' };
  const logs = outcome.type === 'done' && outcome.logs.length > 0 ? { logs: outcome.logs.join('\n') } : {};
  return { action_name: version.action_name, error, started_at: startedAt.toISOString(), ended_at: endedAt.toISOString(), ...logs };
}
