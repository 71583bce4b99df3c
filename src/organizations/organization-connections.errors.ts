import { conflict, notFound } from '../common/api-error.js';

// Auth0's wording for these two is not recorded; ours, in its style.
export const connectionNotEnabled = () =>
  notFound('inexistent_organization_connection', 'The connection is not enabled for this organization.');
export const connectionAlreadyEnabled = () =>
  conflict('organization_connection_conflict', 'The connection is already enabled for this organization.');
