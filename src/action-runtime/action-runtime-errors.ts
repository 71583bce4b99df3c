import { notFound } from '../common/api-error.js';

// Best guess at Auth0's wording for an unknown execution id (not confirmed against a recorded response).
export const executionNotFound = () => notFound('execution_not_found', 'That execution does not exist.');
