import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { connectionNotFound } from '../connections/connection-errors.js';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { OrganizationConnection } from '../generated/prisma/client.js';
import { connectionAlreadyEnabled, connectionNotEnabled } from './organization-connections.errors.js';
import { organizationNotFound } from './organization-errors.js';

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
  is_signup_enabled?: boolean;
}

type Enabling = { outcome: 'enabled'; row: OrganizationConnectionRow } | { outcome: 'organization_missing' | 'connection_missing' };

@Injectable()
export class OrganizationConnectionsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  /** The organization's links ordered by connection id (offset paging). */
  pages(organizationId: string): PageSource<OrganizationConnectionRow & { id: string }> {
    const where = { organization_id: organizationId };
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
        if (!(await tx.connection.findUnique({ where: { id: connectionId }, select: { id: true } })))
          return { outcome: 'connection_missing' };
        const row = await tx.organizationConnection.create({
          data: { organization_id: organizationId, connection_id: connectionId, ...fields },
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
  update(organizationId: string, connectionId: string, fields: OrganizationConnectionFields): Promise<OrganizationConnectionRow> {
    const key = { organization_id: organizationId, connection_id: connectionId };
    return this.txHost.tx.organizationConnection
      .update({ where: { organization_id_connection_id: key }, data: fields, include: withConnection })
      .catch(failed);
  }

  /** Disables the connection for the organization (the connection stays). */
  async remove(organizationId: string, connectionId: string): Promise<void> {
    await this.txHost.tx.organizationConnection.deleteMany({ where: { organization_id: organizationId, connection_id: connectionId } });
  }
}
