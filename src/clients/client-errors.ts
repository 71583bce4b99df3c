import { insufficientScope } from '../auth/scopes.guard.js';
import { notFound } from '../common/api-error.js';

export const clientNotFound = () => notFound('inexistent_client', 'The client does not exist');
// Setting a secret takes update:client_keys, as Auth0 requires; worded as the scopes guard words it.
export const secretNeedsKeysScope = () => insufficientScope('update:client_keys');
