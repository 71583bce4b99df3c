import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Organization, Prisma } from '../generated/prisma/client.js';
import { connectionNotFound } from '../connections/connection-errors.js';
import { linkColumns, type OrganizationConnectionFields, type OrganizationConnectionRow } from './organization-connections.repository.js';
import { connectionAlreadyEnabled } from './organization-connections.errors.js';
import { organizationNameTaken, organizationNotFound } from './organization-errors.js';
import { changesSettings, type SettingsChange } from '../common/settings-change.js';

const failed = mapDatabaseErrors({
  constraints: {
    // The unique index decides name conflicts, so two concurrent creates cannot both win.
    organizations_name_key: organizationNameTaken,
    // A create's enabled_connections: an unknown connection, or one listed twice.
    organization_connections_connection_id_fkey: connectionNotFound,
    organization_connections_pkey: connectionAlreadyEnabled,
  },
  recordNotFound: organizationNotFound,
});

/** What a create or update writes; an absent property leaves its column as it is. */
interface OrganizationFields {
  name?: string;
  display_name?: string;
  branding?: object;
  metadata?: Record<string, string>;
}

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  /** The organization and the links to the connections enabled with it, in one statement. */
  create(
    id: string,
    fields: OrganizationFields & { name: string },
    settings: Record<string, unknown>,
    links: (OrganizationConnectionFields & { connection_id: string })[],
  ): Promise<Organization & { connections: OrganizationConnectionRow[] }> {
    return this.txHost.tx.organization
      .create({
        data: {
          id,
          ...columns(fields),
          name: fields.name,
          settings: settings as Prisma.InputJsonValue,
          connections: { create: links.map((link) => ({ ...linkColumns(link), connection_id: link.connection_id })) },
        },
        include: { connections: { include: { connection: { select: { name: true, strategy: true } } } } },
      })
      .catch(failed);
  }

  pages(): PageSource<Organization> {
    return {
      rows: ({ skip, take, afterId }) =>
        this.txHost.tx.organization.findMany({ where: afterId ? { id: { gt: afterId } } : {}, orderBy: { id: 'asc' }, skip, take }),
      count: () => this.txHost.tx.organization.count(),
    };
  }

  async find(where: { id: string } | { name: string }): Promise<Organization | undefined> {
    return (await this.txHost.tx.organization.findUnique({ where })) ?? undefined;
  }

  /** Throws the 404 when there is no such organization. */
  update(id: string, fields: OrganizationFields, settings: SettingsChange): Promise<Organization> {
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        // Merged in the statement (jsonb || and -), so concurrent PATCHes of different keys both stay.
        if (changesSettings(settings))
          await tx.$executeRaw`UPDATE organizations SET settings = (settings || ${JSON.stringify(settings.set)}::jsonb) - ${settings.unset}::text[] WHERE id = ${id}`;
        return tx.organization.update({ where: { id }, data: columns(fields) });
      })
      .catch(failed);
  }

  /** Its client-grant associations go with it (ON DELETE CASCADE); false when there was none. */
  async delete(id: string): Promise<boolean> {
    const { count } = await this.txHost.tx.organization.deleteMany({ where: { id } });
    return count > 0;
  }
}

/** Only the properties given are written; branding and metadata are replaced whole, as in Auth0. */
function columns(fields: OrganizationFields): Omit<OrganizationFields, 'branding'> & { branding?: Prisma.InputJsonValue } {
  return {
    name: fields.name,
    display_name: fields.display_name,
    branding: fields.branding,
    metadata: fields.metadata,
  };
}
