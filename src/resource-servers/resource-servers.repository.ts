import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { columnList } from '../database/column-list.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Prisma, ResourceServer } from '../generated/prisma/client.js';
import { identifierTaken } from './resource-server-errors.js';
import { scopesOf } from './resource-server-scopes.js';

// The unique index decides duplicate identifiers, so two concurrent creates cannot both win.
const failed = mapDatabaseErrors({ constraints: { resource_servers_identifier_key: identifierTaken } });

// Read on every token request for an API of the tenant: through the pool, with the token endpoint's
// other reads, so an instance serving tokens never loads Prisma's query compiler for them.
const BY_IDENTIFIER_SQL = `SELECT ${columnList<ResourceServer>()(
  'id',
  'identifier',
  'name',
  'scopes',
  'signing_alg',
  'signing_secret',
  'token_lifetime',
  'token_lifetime_for_web',
  'allow_offline_access',
  'skip_consent_for_verifiable_first_party_clients',
  'enforce_policies',
  'token_dialect',
  'settings',
  'created_at',
  'updated_at',
)} FROM resource_servers WHERE identifier = $1`;

export type ResourceServerChanges = Omit<Prisma.ResourceServerUpdateInput, 'id' | 'identifier' | 'created_at'>;

@Injectable()
export class ResourceServersRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  create(data: Prisma.ResourceServerCreateInput): Promise<ResourceServer> {
    return this.txHost.tx.resourceServer.create({ data }).catch(failed);
  }

  /** In creation order (Auth0 lists APIs oldest first), the id breaking ties; optionally only these identifiers. */
  pages(identifiers?: string[]): PageSource<ResourceServer> {
    const where: Prisma.ResourceServerWhereInput = identifiers ? { identifier: { in: identifiers } } : {};
    return {
      rows: ({ skip, take }) =>
        this.txHost.tx.resourceServer.findMany({ where, orderBy: [{ created_at: 'asc' }, { id: 'asc' }], skip, take }),
      count: () => this.txHost.tx.resourceServer.count({ where }),
    };
  }

  /** Auth0 addresses a resource server by its id or by its identifier (the audience). */
  async find(idOrIdentifier: string): Promise<ResourceServer | undefined> {
    return (
      (await this.txHost.tx.resourceServer.findFirst({
        where: { OR: [{ id: idOrIdentifier }, { identifier: { in: identifierForms(idOrIdentifier) } }] },
      })) ??
      undefined
    );
  }

  async findByIdentifier(identifier: string): Promise<ResourceServer | undefined> {
    return (await this.prisma.sql<ResourceServer>(BY_IDENTIFIER_SQL, [identifier])).at(0);
  }

  /**
   * Undefined when there is no such resource server. New scopes take, in the same transaction, the
   * role and user permissions naming a scope the API no longer has, as Auth0 does: a permission
   * must name one of its API's scopes. Those tables belong to roles; the statements live here so
   * that the update and its cascade commit together.
   */
  async update(id: string, changes: ResourceServerChanges): Promise<ResourceServer | undefined> {
    return this.txHost.withTransaction(Propagation.Nested, async () => {
      const tx = this.txHost.tx;
      const { count } = await tx.resourceServer.updateMany({ where: { id }, data: { ...changes, updated_at: new Date() } });
      if (count === 0) return undefined;
      const updated = await this.find(id);
      if (updated && changes.scopes !== undefined) {
        const where = {
          resource_server_identifier: updated.identifier,
          permission_name: { notIn: scopesOf(updated.scopes).map((scope) => scope.value) },
        };
        await tx.rolePermission.deleteMany({ where });
        await tx.userPermission.deleteMany({ where });
      }
      return updated;
    });
  }

  /**
   * Removes the resource server and every client grant for its audience, in one transaction, as
   * Auth0 does: a grant for an API that no longer exists could never be used, and a new API with
   * the same identifier must not inherit the old one's grants (organization associations go with
   * the grants, ON DELETE CASCADE). The grants' table belongs to client-grants; this one statement
   * lives here so that both deletes commit together.
   */
  async delete(idOrIdentifier: string): Promise<void> {
    await this.txHost.withTransaction(Propagation.Nested, async () => {
      const tx = this.txHost.tx;
      const removed = await tx.$queryRaw<Pick<ResourceServer, 'identifier'>[]>`
        DELETE FROM resource_servers WHERE id = ${idOrIdentifier} OR identifier = ${idOrIdentifier} RETURNING identifier`;
      for (const row of removed) await tx.$executeRaw`DELETE FROM client_grants WHERE audience = ${row.identifier}`;
    });
  }
}

/**
 * An identifier as given and, when it holds escapes, unescaped once more: Terraform's data source
 * escapes an identifier that go-auth0 escapes again, and Auth0 finds the API either way (recorded).
 */
function identifierForms(value: string): string[] {
  try {
    const once = decodeURIComponent(value);
    return once === value ? [value] : [value, once];
  } catch {
    return [value];
  }
}
