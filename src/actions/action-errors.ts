import { notFound } from '../common/api-error.js';

// Auth0's wording for an unknown action id, as remembered from its dashboard traffic; not confirmed
// against a recorded response (see the report of the actions branch).
export const actionNotFound = () => notFound('action_not_found', 'That action does not exist.');
export const actionVersionNotFound = () => notFound('action_version_not_found', 'That action version does not exist.');
