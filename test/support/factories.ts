import { randomBytes } from 'node:crypto';
import { newId } from '../../src/common/ids.js';
import type { PrismaService } from '../../src/database/prisma.service.js';

const unique = (): string => randomBytes(5).toString('hex');

/** Test data written straight to the database, each call with fresh unique values. */
export class Factories {
  constructor(private readonly prisma: PrismaService) {}

  organization(overrides: { name?: string; display_name?: string } = {}) {
    return this.prisma.organization.create({
      data: { id: newId('org'), name: overrides.name ?? `org-${unique()}`, display_name: overrides.display_name },
    });
  }

  clientGrant(overrides: { client_id?: string; audience?: string; scope?: string[] } = {}) {
    return this.prisma.clientGrant.create({
      data: {
        id: newId('cgr'),
        client_id: overrides.client_id ?? `client_${unique()}`,
        audience: overrides.audience ?? `https://api-${unique()}.example.com/`,
        scope: overrides.scope ?? ['read:things'],
      },
    });
  }

  /** A client row whose secret can never match (no token requests): for tests that only address it. */
  client(overrides: { client_id?: string; name?: string } = {}) {
    return this.prisma.client.create({
      data: {
        client_id: overrides.client_id ?? `client_${unique()}`,
        name: overrides.name ?? `client ${unique()}`,
        app_type: 'non_interactive',
        grant_types: ['client_credentials'],
        secret_hash: 'unusable',
      },
    });
  }

  /** `count` organizations in one statement, for pagination and limit tests. */
  async organizations(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newId('org'));
    await this.prisma.organization.createMany({ data: ids.map((id) => ({ id, name: `bulk-${unique()}` })) });
    return ids;
  }

  /** `count` client grants in one statement. */
  async clientGrants(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newId('cgr'));
    await this.prisma.clientGrant.createMany({
      data: ids.map((id) => ({
        id,
        client_id: `client_${unique()}`,
        audience: `https://api-${unique()}.example.com/`,
        scope: ['read:things'],
      })),
    });
    return ids;
  }

  /** `count` token exchange profiles in one statement. */
  async tokenExchangeProfiles(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newId('tep'));
    await this.prisma.tokenExchangeProfile.createMany({
      data: ids.map((id) => ({
        id,
        name: `profile ${unique()}`,
        subject_token_type: `urn:test:${unique()}`,
        action_id: `act_${unique()}`,
        type: 'custom_authentication',
      })),
    });
    return ids;
  }

  associate(organizationId: string, grantId: string) {
    return this.prisma.organizationClientGrant.create({ data: { organization_id: organizationId, grant_id: grantId } });
  }

  tokenExchangeProfile(overrides: { name?: string; subject_token_type?: string } = {}) {
    return this.prisma.tokenExchangeProfile.create({
      data: {
        id: newId('tep'),
        name: overrides.name ?? `profile ${unique()}`,
        subject_token_type: overrides.subject_token_type ?? `urn:test:${unique()}`,
        action_id: `act_${unique()}`,
        type: 'custom_authentication',
      },
    });
  }
}
