import { Injectable, Module } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { PrismaTx } from '../database/transactions.js';
import { organizationNotFound } from './organization-errors.js';

/**
 * Auth0's 404 for an organization id that names none: the check every feature makes before
 * touching what belongs to an organization (its connections, its members, a client's default).
 * Read through the request's transaction, so a write sees its own changes.
 */
@Injectable()
export class OrganizationLookup {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  async mustExist(id: string): Promise<void> {
    const found = await this.txHost.tx.organization.findUnique({ where: { id }, select: { id: true } });
    if (!found) throw organizationNotFound();
  }
}

@Module({ providers: [OrganizationLookup], exports: [OrganizationLookup] })
export class OrganizationLookupModule {}
