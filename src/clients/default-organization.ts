import type { Client } from '../generated/prisma/client.js';

/** The flows Auth0 lets a client's default_organization serve. */
export const DEFAULT_ORGANIZATION_FLOWS = ['client_credentials'] as const;

/** Auth0's client.default_organization, as stored and answered. */
interface DefaultOrganization {
  organization_id: string;
  flows: string[];
}

/** The client's default organization id for `flow`, if it has one for that flow. */
export function defaultOrganizationFor(client: Pick<Client, 'default_organization'>, flow: string): string | undefined {
  const value = client.default_organization as DefaultOrganization | null;
  return value?.flows.includes(flow) ? value.organization_id : undefined;
}
