import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

interface GrantOrganization {
  id: string;
  /** Whether the client grant is associated with the organization (POST /organizations/{id}/client-grants). */
  associated: boolean;
}

// One statement per token request, on the pool with the endpoint's other hot reads: the
// organization and whether the grant is associated with it. Read on every request, never
// remembered, so a removed association or a deleted organization refuses the very next request.
const GRANT_ORGANIZATION_SQL = `
  SELECT o.id,
         EXISTS (SELECT 1 FROM organization_client_grants a WHERE a.organization_id = o.id AND a.grant_id = $2) AS associated
    FROM organizations o WHERE o.id = $1`;

/** The client credentials grant's one read of organizations. */
@Injectable()
export class GrantOrganizationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(organizationId: string, grantId: string): Promise<GrantOrganization | undefined> {
    const [row] = await this.prisma.sql<GrantOrganization>(GRANT_ORGANIZATION_SQL, [organizationId, grantId]);
    return row;
  }
}
