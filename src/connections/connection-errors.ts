import { conflict, notFound } from '../common/api-error.js';

// Auth0's words (its 404 for GET/PATCH /connections/{id}; its 409, as Terraform users quote it).
export const connectionNotFound = () => notFound('inexistent_connection', 'The connection does not exist');
export const connectionNameTaken = () => conflict('connection_conflict', 'A connection with the same name already exists');
