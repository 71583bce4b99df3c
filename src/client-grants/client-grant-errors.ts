import { badRequest, conflict, notFound } from '../common/api-error.js';

export const clientGrantNotFound = () => notFound('inexistent_client_grant', 'The grant does not exist.');
export const clientGrantTaken = () => conflict('client_grant_conflict', 'A client grant for this client_id and audience already exists.');
// Auth0's refusal of a grant whose audience names no API. Our wording of its 404: the same as a
// lookup of the API by id; no recorded answer of Auth0's was at hand.
export const audienceNotFound = () => notFound('inexistent_resource_server', 'The resource server does not exist');
// Auth0's wording, as its support article quotes it.
export const scopesNotOfAudience = () =>
  badRequest('invalid_body', 'Payload validation error: scope must be a subset of resource server scopes');
// Auth0 refuses this with a 400; its wording is not recorded anywhere we could find, so this one is ours.
export const anyOrganizationForThirdParty = () =>
  badRequest('invalid_body', 'Payload validation error: allow_any_organization cannot be enabled for a third-party client.');
// The class-validator wording every other missing property gets; only default grants name no client.
export const missingClientId = () => badRequest('invalid_body', "Payload validation error: 'Missing required property: client_id'.");
