import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { connectionNotFound } from '../connections/connection-errors.js';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import { Prisma, type OrganizationConnection } from '../generated/prisma/client.js';
import { connectionAlreadyEnabled, connectionNotEnabled, refusesSignup } from './organization-connections.errors.js';
import { organizationNotFound } from './organization-errors.js';
import { changesSettings, type SettingsChange } from '../common/settings-change.js';

const failed = mapDatabaseErrors({
  constraints: {
    // The primary key, not a prior read, decides two concurrent enables of one connection.
    organization_connections_pkey: connectionAlreadyEnabled,
    // Either side deleted between the lookups and the insert.
    organization_connections_organization_id_fkey: organizationNotFound,
    organization_connections_connection_id_fkey: connectionNotFound,
  },
  recordNotFound: connectionNotEnabled,
});

const withConnection = { connection: { select: { name: true, strategy: true } } } as const;

export type OrganizationConnectionRow = OrganizationConnection & { connection: { name: string; strategy: string } };

export interface OrganizationConnectionFields {
  assign_membership_on_login?: boolean;
  show_as_button?: boolean;
  // null: back to Auth0's default (false).
  is_signup_enabled?: boolean | null;
  settings?: SettingsChange;
}

/** A new link's columns; its settings are those the body set. */
export const linkColumns = ({ settings, ...columns }: OrganizationConnectionFields) => ({
  ...columns,
  settings: (settings?.set ?? {}) as Prisma.InputJsonValue,
});

// A link is enabled unless a body set is_enabled to false (kept in its settings); absent means enabled.
const IS_ENABLED = ['is_enabled'];
const BY_ENABLED: Record<'true' | 'false', Prisma.OrganizationConnectionWhereInput> = {
  true: { OR: [{ settings: { path: IS_ENABLED, equals: true } }, { settings: { path: IS_ENABLED, equals: Prisma.AnyNull } }] },
  false: { settings: { path: IS_ENABLED, equals: false } },
};

type Enabling =
  { outcome: 'enabled'; row: OrganizationConnectionRow } | { outcome: 'organization_missing' | 'connection_missing' | 'signup_refused' };

@Injectable()
export class OrganizationConnectionsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  /** The organization's links ordered by connection id (offset paging). */
  pages(organizationId: string, isEnabled?: boolean): PageSource<OrganizationConnectionRow & { id: string }> {
    const where: Prisma.OrganizationConnectionWhereInput = { organization_id: organizationId };
    if (isEnabled !== undefined) Object.assign(where, BY_ENABLED[`${isEnabled}`]);
    return {
      rows: async ({ skip, take }) =>
        (
          await this.txHost.tx.organizationConnection.findMany({
            where,
            include: withConnection,
            orderBy: { connection_id: 'asc' },
            skip,
            take,
          })
        ).map((row) => ({ ...row, id: row.connection_id })),
      count: () => this.txHost.tx.organizationConnection.count({ where }),
    };
  }

  enable(organizationId: string, connectionId: string, fields: OrganizationConnectionFields): Promise<Enabling> {
    return this.txHost
      .withTransaction(Propagation.Nested, async (): Promise<Enabling> => {
        const tx = this.txHost.tx;
        if (!(await tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } })))
          return { outcome: 'organization_missing' };
        const connection = await tx.connection.findUnique({ where: { id: connectionId }, select: { strategy: true } });
        if (!connection) return { outcome: 'connection_missing' };
        const link = { assign_membership_on_login: false, is_signup_enabled: null, ...fields };
        if (refusesSignup(connection.strategy, link)) return { outcome: 'signup_refused' };
        const row = await tx.organizationConnection.create({
          data: { organization_id: organizationId, connection_id: connectionId, ...linkColumns(fields) },
          include: withConnection,
        });
        return { outcome: 'enabled', row };
      })
      .catch(failed);
  }

  async find(organizationId: string, connectionId: string): Promise<OrganizationConnectionRow | undefined> {
    const key = { organization_id: organizationId, connection_id: connectionId };
    return (
      (await this.txHost.tx.organizationConnection.findUnique({
        where: { organization_id_connection_id: key },
        include: withConnection,
      })) ?? undefined
    );
  }

  /** Throws the 404 when the connection is not enabled for the organization. */
  update(
    organizationId: string,
    connectionId: string,
    { settings, ...columns }: OrganizationConnectionFields,
  ): Promise<OrganizationConnectionRow> {
    const key = { organization_id: organizationId, connection_id: connectionId };
    return this.txHost
      .withTransaction(Propagation.Nested, async () => {
        const tx = this.txHost.tx;
        // Merged in the statement (jsonb || and -), so concurrent PATCHes of different keys both stay.
        if (settings && changesSettings(settings))
          await tx.$executeRaw`UPDATE organization_connections SET settings = (settings || ${JSON.stringify(settings.set)}::jsonb) - ${settings.unset}::text[]
            WHERE organization_id = ${organizationId} AND connection_id = ${connectionId}`;
        return tx.organizationConnection.update({ where: { organization_id_connection_id: key }, data: columns, include: withConnection });
      })
      .catch(failed);
  }

  /** Disables the connection for the organization (the connection stays). */
  async remove(organizationId: string, connectionId: string): Promise<void> {
    await this.txHost.tx.organizationConnection.deleteMany({ where: { organization_id: organizationId, connection_id: connectionId } });
  }
}
