import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { PageSource } from '../common/pagination/pagination.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import type { PrismaTx } from '../database/transactions.js';
import type { Organization } from '../generated/prisma/client.js';
import type { MemberRow } from './organization-members.view.js';
import { memberNotFound } from './organization-members.errors.js';
import { organizationNotFound } from './organization-errors.js';

const failed = mapDatabaseErrors({
  constraints: {
    // Deleted between the check and the insert: they no longer exist.
    organization_members_user_id_fkey: memberNotFound,
    organization_members_organization_id_fkey: organizationNotFound,
  },
});

type Addition = 'added' | 'organization_missing' | 'user_missing';

@Injectable()
export class OrganizationMembersRepository {
  constructor(private readonly txHost: TransactionHost<PrismaTx>) {}

  /** The members, ordered by user id (both paging styles). */
  pages(organizationId: string): PageSource<MemberRow> {
    return {
      rows: async ({ skip, take, afterId }) => {
        const users = await this.txHost.tx.user.findMany({
          where: { organizations: { some: { organization_id: organizationId } }, ...(afterId ? { user_id: { gt: afterId } } : {}) },
          orderBy: { user_id: 'asc' },
          select: { user_id: true, email: true, picture: true, name: true },
          skip,
          take,
        });
        return users.map(({ user_id, ...profile }) => ({ id: user_id, ...profile }));
      },
      count: () => this.txHost.tx.organizationMember.count({ where: { organization_id: organizationId } }),
    };
  }

  /** All or none; users already members stay as they are (adding is idempotent, as in Auth0). */
  /** The organizations the user is a member of, ordered by id (offset paging). */
  organizationsOf(userId: string): PageSource<Organization> {
    const where = { members: { some: { user_id: userId } } };
    return {
      rows: ({ skip, take }) => this.txHost.tx.organization.findMany({ where, orderBy: { id: 'asc' }, skip, take }),
      count: () => this.txHost.tx.organizationMember.count({ where: { user_id: userId } }),
    };
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.txHost.tx.user.count({ where: { user_id: userId } })) > 0;
  }

  add(organizationId: string, userIds: string[]): Promise<Addition> {
    const unique = [...new Set(userIds)];
    return this.txHost
      .withTransaction(Propagation.Nested, async (): Promise<Addition> => {
        const tx = this.txHost.tx;
        // A share lock keeps the organization from being deleted under the insert.
        const found = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organizations WHERE id = ${organizationId} FOR SHARE`;
        if (found.length === 0) return 'organization_missing';
        if ((await tx.user.count({ where: { user_id: { in: unique } } })) !== unique.length) return 'user_missing';
        await tx.organizationMember.createMany({
          data: unique.map((user_id) => ({ organization_id: organizationId, user_id })),
          skipDuplicates: true,
        });
        return 'added';
      })
      .catch(failed);
  }

  /** Ids that are not members are ignored. */
  async remove(organizationId: string, userIds: string[]): Promise<void> {
    await this.txHost.tx.organizationMember.deleteMany({ where: { organization_id: organizationId, user_id: { in: userIds } } });
  }
}
