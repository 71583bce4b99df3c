import { Injectable } from '@nestjs/common';
import { CUSTOM_TOKEN_EXCHANGE_TRIGGER } from '../actions/action-triggers.js';
import { newId } from '../common/ids.js';
import { listPage, pageWindow, type CheckpointPage } from '../common/pagination/pagination.js';
import type { CreateTokenExchangeProfileDto } from './dto/create-token-exchange-profile.dto.js';
import type { ListTokenExchangeProfilesQuery } from './dto/list-token-exchange-profiles.query.js';
import type { UpdateTokenExchangeProfileDto } from './dto/update-token-exchange-profile.dto.js';
import { toProfileView, type TokenExchangeProfileView } from './dto/token-exchange-profile.view.js';
import {
  profileActionNotDeployed,
  profileActionNotFound,
  profileActionWrongTrigger,
  profileLimitReached,
  profileNotFound,
} from './token-exchange-profile-errors.js';
import { TokenExchangeProfilesRepository } from './token-exchange-profiles.repository.js';

const MAX_PROFILES_PER_TENANT = 100;

@Injectable()
export class TokenExchangeProfilesService {
  constructor(private readonly profiles: TokenExchangeProfilesRepository) {}

  async create(dto: CreateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    await this.checkAction(dto.action_id);
    const row = await this.profiles.createWithinLimit(
      { id: newId('tep'), name: dto.name, subject_token_type: dto.subject_token_type, action_id: dto.action_id, type: dto.type },
      MAX_PROFILES_PER_TENANT,
    );
    if (!row) throw profileLimitReached();
    return toProfileView(row);
  }

  list(query: ListTokenExchangeProfilesQuery): Promise<CheckpointPage<'token_exchange_profiles', TokenExchangeProfileView>> {
    return listPage('token_exchange_profiles', pageWindow(query, 'checkpoint'), this.profiles.pages(), toProfileView) as Promise<
      CheckpointPage<'token_exchange_profiles', TokenExchangeProfileView>
    >;
  }

  async get(id: string): Promise<TokenExchangeProfileView> {
    const row = await this.profiles.find(id);
    if (!row) throw profileNotFound();
    return toProfileView(row);
  }

  /** The write logs itself: `entry` goes into its statement. */
  async update(id: string, changes: UpdateTokenExchangeProfileDto): Promise<TokenExchangeProfileView> {
    const row = await this.profiles.update(id, changes);
    if (!row) throw profileNotFound();
    return toProfileView(row);
  }

  /**
   * The action a profile runs must exist, support the trigger and be deployed. Checked on create
   * only: Auth0 never lets a profile's action_id change, and an action bound to a profile cannot be
   * deleted (the actions feature refuses it), so it stays valid.
   */
  private async checkAction(actionId: string): Promise<void> {
    const action = await this.profiles.action(actionId);
    if (!action) throw profileActionNotFound();
    if (!action.triggerIds.includes(CUSTOM_TOKEN_EXCHANGE_TRIGGER)) throw profileActionWrongTrigger();
    if (!action.deployed) throw profileActionNotDeployed();
  }

  /** Idempotent, as in Auth0: deleting an absent profile is still a success. */
  remove(id: string): Promise<void> {
    return this.profiles.delete(id);
  }
}
