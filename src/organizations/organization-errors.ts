import { conflict, notFound } from '../common/api-error.js';

export const ORGANIZATION_NAME_UNIQUE = 'organizations_name_key';

export const organizationNotFound = () => notFound('inexistent_organization', 'No organization found by that id or name');
export const organizationNameTaken = () => conflict('organization_conflict', 'An organization with the same name already exists.');
