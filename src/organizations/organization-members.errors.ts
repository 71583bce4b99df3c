import { badRequest } from '../common/api-error.js';

// Unverified: Auth0's wording when a listed user does not exist (its SDK documents no 404 for
// this POST, so a 400 on the body).
export const memberNotFound = () => badRequest('invalid_body', 'One or more of the users do not exist.');
