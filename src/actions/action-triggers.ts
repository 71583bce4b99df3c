/**
 * Auth0's trigger catalog (GET /actions/triggers) for the triggers this service knows of. Runtimes
 * and versions as Auth0 lists them in 2025-2026; only `custom-token-exchange` is ever executed here.
 */
export interface ActionTriggerInfo {
  id: string;
  version: string;
  status: 'CURRENT' | 'DEPRECATED';
  runtimes: string[];
  default_runtime: string;
  compatible_triggers: { id: string; version: string }[];
  binding_policy: 'trigger-bound' | 'entity-bound';
}

const NODE = ['node18-actions', 'node22'];
const current = (id: string, version: string, bindingPolicy: ActionTriggerInfo['binding_policy'] = 'trigger-bound'): ActionTriggerInfo => ({
  id,
  version,
  status: 'CURRENT',
  runtimes: NODE,
  default_runtime: 'node22',
  compatible_triggers: [],
  binding_policy: bindingPolicy,
});

/** The trigger token exchange profiles run: the one trigger this service executes. */
export const CUSTOM_TOKEN_EXCHANGE_TRIGGER = 'custom-token-exchange';

export const ACTION_TRIGGERS: readonly ActionTriggerInfo[] = [
  current('post-login', 'v3'),
  current('credentials-exchange', 'v2'),
  current('pre-user-registration', 'v2'),
  current('post-user-registration', 'v2'),
  current('post-change-password', 'v2'),
  current('send-phone-message', 'v2'),
  current('password-reset-post-challenge', 'v1'),
  current('custom-phone-provider', 'v1'),
  current('custom-email-provider', 'v1'),
  current(CUSTOM_TOKEN_EXCHANGE_TRIGGER, 'v1', 'entity-bound'),
  current('password-hash-migration', 'v1', 'entity-bound'),
];

/** Every trigger id the SDK v7 knows (ActionTriggerTypeEnum), for validating filters and bodies. */
export const ACTION_TRIGGER_IDS = [
  'post-login',
  'credentials-exchange',
  'pre-user-registration',
  'post-user-registration',
  'post-change-password',
  'send-phone-message',
  'custom-phone-provider',
  'custom-email-provider',
  'password-reset-post-challenge',
  'custom-token-exchange',
  'event-stream',
  'password-hash-migration',
  'login-post-identifier',
  'signup-post-identifier',
  'post-credential-validation',
] as const;
