import { HttpStatus } from '@nestjs/common';
import { ApiError, conflict, notFound } from '../common/api-error.js';

// Auth0's errorCodes for resource servers; the wording of the 404 and 409 follows Auth0's pattern
// for its other resources ("The client does not exist"), not a recorded answer (none at hand).
export const resourceServerNotFound = () => notFound('inexistent_resource_server', 'The resource server does not exist');
export const identifierTaken = () => conflict('resource_server_conflict', 'A resource server with the same identifier already exists');
// The Management API is Auth0's own: it refuses to delete it or change it through this API.
export const systemResourceServerReadOnly = (action: 'delete' | 'update'): ApiError =>
  new ApiError(HttpStatus.BAD_REQUEST, 'operation_not_supported', `You cannot ${action} a system resource server`);
