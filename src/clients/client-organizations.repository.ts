import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PrismaTx } from '../database/transactions.js';

/** The one read of organizations the clients feature makes: whether a default_organization names one. */
@Injectable()
export class ClientOrganizationsRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  async exists(organizationId: string): Promise<boolean> {
    return (await this.txHost.tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } })) !== null;
  }
}
