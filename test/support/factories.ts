import { randomBytes } from 'node:crypto';
import { newId } from '../../src/common/ids.js';
import type { PrismaService } from '../../src/database/prisma.service.js';
// Used inside methods only, so the import cycle with test-app.ts is harmless.
import { AUDIENCE } from './test-app.js';

const unique = (): string => randomBytes(5).toString('hex');

/** Test data written straight to the database, each call with fresh unique values. */
export class Factories {
  constructor(private readonly prisma: PrismaService) {}

  organization(overrides: { name?: string; display_name?: string } = {}) {
    return this.prisma.organization.create({
      data: { id: newId('org'), name: overrides.name ?? `org-${unique()}`, display_name: overrides.display_name },
    });
  }

  /** An API whose scopes are `scopes` (a random identifier unless given), signed as Auth0's default, RS256. */
  resourceServer(
    overrides: { identifier?: string; scopes?: string[]; signing_alg?: string; signing_secret?: string; token_lifetime?: number } = {},
  ) {
    const identifier = overrides.identifier ?? `https://api-${unique()}.example.com/`;
    return this.prisma.resourceServer.create({
      data: {
        id: randomBytes(12).toString('hex'),
        identifier,
        name: `api ${unique()}`,
        scopes: (overrides.scopes ?? ['read:things']).map((value) => ({ value, description: value })),
        signing_alg: overrides.signing_alg,
        signing_secret: overrides.signing_secret,
        token_lifetime: overrides.token_lifetime,
      },
    });
  }

  /**
   * A grant for `audience`, whose API is made (with the grant's scopes) when it does not exist yet:
   * grants only ever name a real API. The Management API is never stored.
   */
  async clientGrant(overrides: { client_id?: string; audience?: string; scope?: string[] } = {}) {
    const scope = overrides.scope ?? ['read:things'];
    const audience = overrides.audience ?? `https://api-${unique()}.example.com/`;
    if (audience !== AUDIENCE && !(await this.prisma.resourceServer.findUnique({ where: { identifier: audience } }))) {
      await this.resourceServer({ identifier: audience, scopes: scope });
    }
    return this.prisma.clientGrant.create({
      data: { id: newId('cgr'), client_id: overrides.client_id ?? `client_${unique()}`, audience, scope },
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
    const grants = Array.from({ length: count }, () => ({
      id: newId('cgr'),
      client_id: `client_${unique()}`,
      audience: `https://api-${unique()}.example.com/`,
      scope: ['read:things'],
    }));
    await this.prisma.resourceServer.createMany({
      data: grants.map(({ audience }) => ({
        id: randomBytes(12).toString('hex'),
        identifier: audience,
        name: audience,
        scopes: [{ value: 'read:things', description: 'read:things' }],
      })),
    });
    await this.prisma.clientGrant.createMany({ data: grants });
    return grants.map(({ id }) => id);
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
