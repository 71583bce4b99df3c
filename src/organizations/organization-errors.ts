import { HttpStatus } from '@nestjs/common';
import { ApiError, conflict, notFound } from '../common/api-error.js';

export const organizationNotFound = () => notFound('inexistent_organization', 'No organization found by that id or name');
export const organizationNameTaken = () => conflict('organization_conflict', 'An organization with the same name already exists.');
export const alreadyAssociated = () => conflict('client_grant_conflict', 'The client grant has already been added to this organization.');
export const tooManyGrants = (limit: number): ApiError =>
  new ApiError(HttpStatus.CONFLICT, 'organization_client_grants_limit', `An organization cannot have more than ${limit} client grants.`);
