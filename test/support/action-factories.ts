import { randomBytes, randomUUID } from 'node:crypto';
import type { PrismaService } from '../../src/database/prisma.service.js';
import type { Prisma } from '../../src/generated/prisma/client.js';

const unique = (): string => randomBytes(5).toString('hex');

export const CTE_CODE = 'exports.onExecuteCustomTokenExchange = async (event, api) => {};';

/** Actions written straight to the database, so list/read tests do not depend on POST. */
export class ActionFactories {
  constructor(private readonly prisma: PrismaService) {}

  action(overrides: Partial<Prisma.ActionUncheckedCreateInput> = {}) {
    return this.prisma.action.create({
      data: {
        id: randomUUID(),
        name: `action-${unique()}`,
        supported_triggers: [{ id: 'custom-token-exchange', version: 'v1' }],
        code: CTE_CODE,
        ...overrides,
      },
    });
  }

  /** An action with one deployed version (number 1), frozen from its draft. */
  async deployed(overrides: Partial<Prisma.ActionUncheckedCreateInput> = {}) {
    const action = await this.action(overrides);
    const version = await this.prisma.actionVersion.create({
      data: {
        id: randomUUID(),
        action_id: action.id,
        number: 1,
        code: action.code,
        runtime: action.runtime,
        dependencies: action.dependencies as Prisma.InputJsonValue,
        secrets: action.secrets as Prisma.InputJsonValue,
        supported_triggers: action.supported_triggers as Prisma.InputJsonValue,
        status: 'built',
        deployed: true,
      },
    });
    return { action, version };
  }
}
