import { notFound } from '../common/api-error.js';

export const clientNotFound = () => notFound('inexistent_client', 'The client does not exist');
