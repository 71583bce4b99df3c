import { badRequest } from '../common/api-error.js';
import type { ClientFilter, ClientsRepository } from './clients.repository.js';
import { Q_DESCRIPTION, type ListClientsQuery } from './dto/list-clients.query.js';

// The only two queries Auth0 permits in `q` for clients (its GET /clients documentation).
const BY_ORGANIZATION = /^client_grant\.organization_id:(\S+)$/;
const ANY_ORGANIZATION = /^client_grant\.allow_any_organization:true$/;

// Auth0's wording for a refused `q` is not documented; these follow its query-validation form.
const invalidQ = (reason: string) =>
  badRequest('invalid_query_string', `Query validation error: '${reason}' on property q (${Q_DESCRIPTION}).`);

/**
 * GET /clients's filters as the repository takes them. No client here is Auth0's legacy global
 * client, so is_global=true matches nothing and is_global=false everything; external_client_id
 * names a CIMD registration, which this service never makes, so it matches nothing either.
 */
export async function clientFilter(query: ListClientsQuery, clients: ClientsRepository): Promise<ClientFilter> {
  if (query.q !== undefined) return { clientIds: await byQuery(query, clients) };
  const appTypes = query.app_type
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  return {
    isFirstParty: query.is_first_party,
    appTypes: appTypes?.length ? appTypes : undefined,
    nothing: query.is_global === true || query.external_client_id !== undefined,
  };
}

async function byQuery(query: ListClientsQuery, clients: ClientsRepository): Promise<string[]> {
  const { is_global, is_first_party, app_type, external_client_id } = query;
  if ([is_global, is_first_party, app_type, external_client_id].some((filter) => filter !== undefined))
    throw invalidQ('q cannot be used in combination with other filters');
  // Auth0's documentation asks for checkpoint paging with q, yet Auth0 answered q with page,
  // per_page and include_totals (recorded): either paging is taken.
  const q = (query.q ?? '').trim();
  const organization = BY_ORGANIZATION.exec(q);
  if (organization) return clients.withGrantMatching({ organizationId: organization[1] });
  if (ANY_ORGANIZATION.test(q)) return clients.withGrantMatching({ allowAnyOrganization: true });
  throw invalidQ(`Unsupported query: ${q}`);
}
