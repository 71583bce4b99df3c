import { notFound } from '../common/api-error.js';

// Auth0's wording for an unknown stream is our best guess (its documents do not show the body).
export const logStreamNotFound = () => notFound('inexistent_log_stream', 'The log stream does not exist.');
