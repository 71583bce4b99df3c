import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import { organizationNotFound } from './organization-errors.js';

const REMOVE_GRANT_SQL = `
  WITH org AS (SELECT id FROM organizations WHERE id = $1),
       removed AS (
         DELETE FROM organization_client_grants
         WHERE organization_id IN (SELECT id FROM org) AND grant_id = $2
       )
  SELECT EXISTS (SELECT 1 FROM org) AS found`;

@Injectable()
export class OrganizationClientGrantsService {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Detaches a grant from an organization; the grant itself stays. Idempotent like every
   * Auth0 association delete: only a missing organization is an error. One round trip.
   */
  async remove(organizationId: string, grantId: string): Promise<void> {
    const [row] = await this.prisma.sql<{ found: boolean }>(REMOVE_GRANT_SQL, [organizationId, grantId]);
    if (!row?.found) throw organizationNotFound();
  }
}
