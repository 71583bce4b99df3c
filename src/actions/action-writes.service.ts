import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SealedSecrets } from '../common/sealed-secrets.js';
import { Prisma } from '../generated/prisma/client.js';
import { actionVersionNotFound, actionBoundToProfile, actionNotBuilt, actionNotFound } from './action-errors.js';
import { ActionWritesRepository, type Deployment } from './action-writes.repository.js';
import type { CreateActionDto, ActionSecretDto } from './dto/create-action.dto.js';
import { toActionView, toVersionView, type ActionVersionView, type ActionView } from './dto/action.view.js';
import type { UpdateActionDto } from './dto/update-action.dto.js';

// DTO instances to plain JSON for the json columns (absent optional fields are dropped).
const json = (value: object): Prisma.InputJsonValue => JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;

// Auth0's build does not parse the code: code that does not compile is built and deployed, and its
// syntax error is the outcome of each run (recorded: an unterminated string built and deployed).
const BUILT = 'built';

@Injectable()
export class ActionWritesService {
  constructor(
    private readonly actions: ActionWritesRepository,
    private readonly sealed: SealedSecrets,
  ) {}

  async create(dto: CreateActionDto): Promise<ActionView> {
    const code = dto.code ?? '';
    const row = await this.actions.create({
      id: randomUUID(),
      name: dto.name,
      supported_triggers: json(dto.supported_triggers),
      code,
      runtime: dto.runtime ?? 'node22',
      dependencies: json(dto.dependencies ?? []),
      secrets: this.seal(dto.secrets ?? []),
      status: BUILT,
      errors: Prisma.DbNull,
    });
    // Deployed in the create's transaction.
    if (dto.deploy === true) return toActionView((await this.deployed(row.id)).action, true);
    return toActionView(row);
  }

  async update(id: string, dto: UpdateActionDto): Promise<ActionView> {
    const data: Prisma.ActionUpdateInput = { updated_at: new Date() };
    if (dto.name !== undefined) data.name = dto.name;
    if (dto.supported_triggers !== undefined) data.supported_triggers = json(dto.supported_triggers);
    if (dto.runtime !== undefined) data.runtime = dto.runtime;
    if (dto.dependencies !== undefined) data.dependencies = json(dto.dependencies);
    // The list given replaces the secrets; each value is sealed again (Auth0 also replaces them).
    if (dto.secrets !== undefined) data.secrets = this.seal(dto.secrets);
    if (dto.code !== undefined) Object.assign(data, { code: dto.code, status: BUILT, errors: Prisma.DbNull });
    const row = await this.actions.update(id, data);
    if (!row) throw actionNotFound();
    return toActionView(row);
  }

  /** `force` would detach trigger bindings; this service has none, so it changes nothing. */
  async remove(id: string): Promise<void> {
    if (await this.actions.boundToProfile(id)) throw actionBoundToProfile();
    if (!(await this.actions.delete(id))) throw actionNotFound();
  }

  async deploy(id: string): Promise<ActionVersionView> {
    const { version, action } = await this.deployed(id);
    return toVersionView(version, action, true);
  }

  /** Auth0's roll back to an earlier version: a new deployed version identical to it. */
  async deployVersion(id: string, versionId: string, updateDraft: boolean): Promise<ActionVersionView> {
    const result = await this.actions.deployVersion(id, versionId, updateDraft);
    if (result === undefined) throw actionNotFound();
    if (result === 'version_missing') throw actionVersionNotFound();
    return toVersionView(result.version, result.action, true);
  }

  private async deployed(id: string): Promise<Deployment> {
    const result = await this.actions.deploy(id);
    if (result === undefined) throw actionNotFound();
    if (result === 'failed') throw actionNotBuilt();
    return result;
  }

  /** Values sealed (encrypted when KEY_ENCRYPTION_SECRET is set); never returned. */
  private seal(secrets: ActionSecretDto[]): Prisma.InputJsonValue {
    const updatedAt = new Date().toISOString();
    return secrets.map(({ name, value }) => ({ name, value: this.sealed.seal(value), updated_at: updatedAt }));
  }
}
