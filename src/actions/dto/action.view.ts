import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Action, ActionVersion } from '../../generated/prisma/client.js';
import { ActionCurrentVersionView, toCurrentVersionView } from './action-current-version.view.js';

export class ActionTriggerRefView {
  @ApiProperty() id: string;
  @ApiPropertyOptional() version?: string;
}

class ActionDependencyView {
  @ApiProperty() name: string;
  @ApiPropertyOptional() version?: string;
  @ApiPropertyOptional() registry_url?: string;
}

/** A secret as Auth0 returns it: its name and when it changed, never its value. */
class ActionSecretView {
  @ApiProperty() name: string;
  @ApiPropertyOptional({ format: 'date-time' }) updated_at?: string;
}

class ActionErrorView {
  @ApiProperty() id: string;
  @ApiProperty() msg: string;
  @ApiPropertyOptional() url?: string;
}

class ActionBaseView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: [ActionTriggerRefView] }) supported_triggers: ActionTriggerRefView[];
  @ApiProperty() all_changes_deployed: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ActionVersionView {
  @ApiProperty() id: string;
  @ApiProperty() code: string;
  @ApiProperty({ type: [ActionDependencyView] }) dependencies: ActionDependencyView[];
  @ApiProperty() deployed: boolean;
  @ApiProperty() runtime: string;
  @ApiProperty({ type: [ActionSecretView] }) secrets: ActionSecretView[];
  @ApiProperty({ enum: ['pending', 'building', 'packaged', 'built', 'retrying', 'failed'] }) status: string;
  @ApiProperty({ type: 'integer' }) number: number;
  @ApiPropertyOptional({ type: [ActionErrorView] }) errors?: ActionErrorView[];
  @ApiPropertyOptional({ type: ActionBaseView }) action?: ActionBaseView;
  @ApiPropertyOptional({ format: 'date-time' }) built_at?: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [ActionTriggerRefView] }) supported_triggers: ActionTriggerRefView[];
}

export class ActionView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: [ActionTriggerRefView] }) supported_triggers: ActionTriggerRefView[];
  @ApiProperty() all_changes_deployed: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty() code: string;
  @ApiProperty({ type: [ActionDependencyView] }) dependencies: ActionDependencyView[];
  @ApiProperty() runtime: string;
  @ApiProperty({ type: [ActionSecretView] }) secrets: ActionSecretView[];
  @ApiPropertyOptional({ type: ActionVersionView }) deployed_version?: ActionVersionView;
  @ApiPropertyOptional({ type: ActionCurrentVersionView }) current_version?: ActionCurrentVersionView;
  @ApiProperty({ enum: ['pending', 'building', 'packaged', 'built', 'retrying', 'failed'] }) status: string;
}

export type ActionWithDeployed = Action & { versions: ActionVersion[] };

const secretsOf = (stored: unknown): ActionSecretView[] =>
  (stored as { name: string; updated_at?: string }[]).map(({ name, updated_at }) => (updated_at ? { name, updated_at } : { name }));

const triggersOf = (stored: unknown): ActionTriggerRefView[] => stored as ActionTriggerRefView[];

const CONTENT = ['code', 'runtime', 'dependencies', 'secrets', 'supported_triggers'] as const;
const sameContent = (version: ActionVersion, action: Action): boolean =>
  CONTENT.every((key) => JSON.stringify(version[key]) === JSON.stringify(action[key]));

// A plain object type (not the class), so the action view may spread it.
type BaseFields = { [K in keyof ActionBaseView]: ActionBaseView[K] };

function base(action: Action, deployed: ActionVersion | undefined): BaseFields {
  return {
    id: action.id,
    name: action.name,
    supported_triggers: triggersOf(action.supported_triggers),
    // The draft is deployed when no edit came after the last deploy froze it, and that deploy froze
    // this draft (a roll back deploys an earlier version's content and may leave the draft as it is).
    all_changes_deployed: deployed !== undefined && deployed.created_at >= action.updated_at && sameContent(deployed, action),
    created_at: action.created_at.toISOString(),
    updated_at: action.updated_at.toISOString(),
  };
}

/**
 * A version as Auth0 answers it (recorded 2023 and 2026): no `action_id` (the nested `action` names it),
 * and `built_at` on a built version except in the answer to the deploy that created it, which Auth0
 * gives before it stamps the build time (`justDeployed`).
 */
export function toVersionView(version: ActionVersion, action?: Action, justDeployed = false): ActionVersionView {
  const view: ActionVersionView = {
    id: version.id,
    code: version.code,
    dependencies: version.dependencies as unknown as ActionDependencyView[],
    deployed: version.deployed === true,
    runtime: version.runtime,
    secrets: secretsOf(version.secrets),
    status: version.status,
    number: version.number,
    supported_triggers: triggersOf(version.supported_triggers),
    created_at: version.created_at.toISOString(),
    updated_at: version.updated_at.toISOString(),
  };
  if (version.status === 'built' && !justDeployed) view.built_at = version.created_at.toISOString();
  if (action) view.action = base(action, version.deployed ? version : undefined);
  return view;
}

/**
 * An action as Auth0 returns it: the draft, and the deployed version when there is one. The draft's
 * build has a status but no `built_at` in every recorded answer, though Auth0's schema lists one.
 */
export function toActionView(action: ActionWithDeployed, justDeployed = false): ActionView {
  const deployed = action.versions.find((v) => v.deployed === true);
  const view: ActionView = {
    ...base(action, deployed),
    code: action.code,
    dependencies: action.dependencies as unknown as ActionDependencyView[],
    runtime: action.runtime,
    secrets: secretsOf(action.secrets),
    status: action.status,
  };
  if (deployed) {
    view.current_version = toCurrentVersionView(deployed);
    // Recorded: the deployed version inside an action does not nest the action again.
    view.deployed_version = toVersionView(deployed, undefined, justDeployed);
  }
  return view;
}
