import { randomAlphanumeric } from '../common/ids.js';

/**
 * Enterprise strategies Auth0 answers with a `provisioning_ticket_url`, the address its connectors
 * (AD/LDAP, or the provisioning of the others) are set up with; recorded for each of these and for
 * none of okta, oidc, social or database connections. The ticket is made once, at creation, and the
 * URL is the same on every later answer. AD's ticket has 32 characters, the others' 8 (recorded).
 */
const TICKET_LENGTH: Readonly<Partial<Record<string, number>>> = {
  ad: 32,
  adfs: 8,
  'google-apps': 8,
  pingfederate: 8,
  samlp: 8,
  waad: 8,
};

/** The ticket URL for a new connection of `strategy`, or undefined for a strategy that has none. */
export function provisioningTicketUrl(tenantDomain: string, strategy: string): string | undefined {
  const length = TICKET_LENGTH[strategy];
  return length === undefined ? undefined : `https://${tenantDomain}/p/${strategy}/${randomAlphanumeric(length)}`;
}
