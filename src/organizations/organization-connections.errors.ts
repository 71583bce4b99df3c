import { badRequest, conflict, notFound } from '../common/api-error.js';

// Auth0's wording for these two is not recorded; ours, in its style.
export const connectionNotEnabled = () =>
  notFound('inexistent_organization_connection', 'The connection is not enabled for this organization.');
export const connectionAlreadyEnabled = () =>
  conflict('organization_connection_conflict', 'The connection is already enabled for this organization.');

/** Auth0's words (recorded): organization signup needs a database connection that assigns membership. */
export const signupNeedsMembership = () =>
  badRequest('invalid_body', 'Only database connections with assign_membership_on_login = true support is_signup_enabled = true.');

/** A link that would have signup enabled where Auth0 does not allow it. */
export const refusesSignup = (strategy: string, link: { assign_membership_on_login: boolean; is_signup_enabled: boolean | null }) =>
  link.is_signup_enabled === true && (strategy !== 'auth0' || !link.assign_membership_on_login);
