import { conflict, notFound } from '../common/api-error.js';

export const clientGrantNotFound = () => notFound('inexistent_client_grant', 'The grant does not exist.');
export const clientGrantTaken = () => conflict('client_grant_conflict', 'A client grant for this client_id and audience already exists.');
