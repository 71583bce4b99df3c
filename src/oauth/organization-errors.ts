import { HttpStatus } from '@nestjs/common';
import { OAuthError } from '../common/oauth-error.js';

// The token endpoint's refusals about the `organization` parameter. Auth0 records none of these
// wordings for the client credentials grant; every one here is ours (README, "Organizations for
// M2M applications"), in the style of Auth0's other token endpoint answers.

const badRequest = (description: string) => new OAuthError(HttpStatus.BAD_REQUEST, 'invalid_request', description);
const denied = (description: string) => new OAuthError(HttpStatus.FORBIDDEN, 'access_denied', description);

/**
 * A refusal judged on one organization, which the request may not have named (the client's
 * default_organization supplied it): the log entry names it as it would a named one.
 */
export class OrganizationRefusal extends OAuthError {
  constructor(
    status: HttpStatus,
    code: 'invalid_request' | 'access_denied',
    description: string,
    readonly organization: string,
  ) {
    super(status, code, description);
  }
}

/** No organization with that id (never created, or deleted). Shared by both grants. */
export const organizationNotFound = (organization: string) =>
  new OrganizationRefusal(HttpStatus.BAD_REQUEST, 'invalid_request', `Invalid organization: ${organization}`, organization);

/** The grant's organization_usage is require, and neither the request nor the client's default_organization names one. */
export const organizationRequired = () => badRequest('Missing required parameter: organization');

/** The grant's organization_usage is deny (Auth0's default): a request naming an organization is refused. */
export const organizationsNotAllowed = (audience: string) =>
  denied(`The client grant for "${audience}" does not allow organizations (organization_usage: deny).`);

/** The grant neither allows any organization nor is associated with this one. */
export const organizationNotAuthorized = (audience: string, organization: string) =>
  new OrganizationRefusal(
    HttpStatus.FORBIDDEN,
    'access_denied',
    `The client grant for "${audience}" is not associated with the organization ${organization}.`,
    organization,
  );
