import { notFound } from '../common/api-error.js';

export const organizationNotFound = () => notFound('inexistent_organization', 'No organization found by that id or name');
