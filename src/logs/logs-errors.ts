import { badRequest, notFound } from '../common/api-error.js';

// GET /api/v2/logs/{id} for an unknown id: our best guess at Auth0's code and wording.
export const logNotFound = () => notFound('inexistent_log', 'log not found');

// Auth0 answers a query it cannot parse with this prefix (seen on GET /api/v2/logs, e.g.
// `unknown field "user_email"`); the detail after it is our best guess at its wording.
export const invalidSearch = (detail: string) => badRequest('invalid_query_string', `The search query string has an error: ${detail}`);
