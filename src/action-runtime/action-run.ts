// The contract between the token endpoint and the action runtime. The runtime runs code out of
// process, so `api` calls cannot touch the database synchronously: they are recorded, in call
// order, and the caller applies them once the run has ended (as Auth0 applies an action's
// decisions after it returns).

import type { Actor } from './child/actor.js';

/** One `api` call of the action, as recorded. */
export type ActionCommand =
  | { op: 'authentication.setUserById'; user_id: string }
  | {
      op: 'authentication.setUserByConnection';
      connection: string;
      attributes: Record<string, unknown>;
      options: { creationBehavior: 'create_if_not_exists' | 'none'; updateBehavior: 'replace' | 'none' };
    }
  | { op: 'authentication.setActor'; actor: Actor }
  | { op: 'access.deny'; code: string; reason: string }
  | { op: 'access.rejectInvalidSubjectToken'; reason: string }
  | { op: 'user.setAppMetadata'; key: string; value: unknown }
  | { op: 'user.setUserMetadata'; key: string; value: unknown };

/** Auth0's `event` of the custom-token-exchange trigger (secrets are added by the runtime). */
export interface CustomTokenExchangeEvent {
  client: { client_id: string; name: string; metadata: Record<string, string> };
  request: { body: Record<string, unknown>; ip: string; hostname: string; user_agent?: string; language?: string; method: 'POST' };
  resource_server: { identifier: string };
  tenant: { id: string };
  transaction: {
    subject_token: string;
    subject_token_type: string;
    requested_scopes: string[];
    requested_token_type?: string;
    actor_token?: string;
    actor_token_type?: string;
    /** The actor's profile, when actor_token is one of the tenant's ID tokens. */
    actor_token_user?: object;
  };
}

export type ActionFailure = 'error' | 'timeout' | 'memory' | 'crash' | 'not_deployed';

export interface ActionRunResult {
  /** ok: the handler returned; otherwise why it did not (a throw, the time or memory limit, a dead process). */
  outcome: { ok: true } | { ok: false; failure: ActionFailure; message: string };
  /** Recorded even when the run failed, up to the failure; the caller decides what still applies. */
  commands: ActionCommand[];
  /** The stored execution record (GET /api/v2/actions/executions/{id}). */
  executionId: string;
}

/** Implemented by ActionRuntimeModule's provider; the token endpoint depends on this class as its token. */
export abstract class ActionRuntime {
  /** Runs the deployed version of the action's `onExecuteCustomTokenExchange(event, api)`. */
  abstract runCustomTokenExchange(actionId: string, event: CustomTokenExchangeEvent): Promise<ActionRunResult>;
}
