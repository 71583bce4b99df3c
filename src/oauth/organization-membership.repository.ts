import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

// One statement: the organization by id or name (Auth0's `organization` parameter takes either)
// and whether the user belongs to it.
const MEMBERSHIP_SQL = `
  SELECT o.id, o.name, EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = o.id AND m.user_id = $2) AS member
    FROM organizations o WHERE o.id = $1 OR o.name = $1
   LIMIT 1`;

/** The token endpoint's one read of organizations: a request's organization and the user's membership in it. */
@Injectable()
export class OrganizationMembershipRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(organization: string, userId: string): Promise<{ id: string; name: string; member: boolean } | undefined> {
    const [row] = await this.prisma.sql<{ id: string; name: string; member: boolean }>(MEMBERSHIP_SQL, [organization, userId]);
    return row;
  }
}
