import { badRequest, conflict, notFound } from '../common/api-error.js';

// Auth0's wording for an unknown action id, as remembered from its dashboard traffic; not confirmed
// against a recorded response.
export const actionNotFound = () => notFound('action_not_found', 'That action does not exist.');
export const actionVersionNotFound = () => notFound('action_version_not_found', 'That action version does not exist.');
// Wording ours where Auth0's recorded answer is unknown.
export const actionNameTaken = () => conflict('action_conflict', 'An action with the same name already exists.');
// Auth0's wording, as its 400 reaches deploy-cli and Terraform users.
export const actionNotBuilt = () => badRequest('action_not_built', "A draft must be in the 'built' state before it can be deployed.");
export const actionBoundToProfile = () =>
  conflict('action_bound', 'The action is used by a token exchange profile and cannot be deleted. Delete or update the profile first.');
