import { badRequest, notFound } from '../common/api-error.js';

export const credentialNotFound = () => notFound('inexistent_credential', 'The credential does not exist.');
// Wording ours: Auth0's is not recorded. `property` is where the ids were given, e.g.
// client_authentication_methods.private_key_jwt.credentials.
export const unknownCredentials = (ids: string[], property: string) =>
  badRequest('invalid_body', `Payload validation error: 'The client has no credential ${ids.join(', ')}' on property ${property}.`);
export const invalidDate = (value: string) =>
  badRequest(
    'invalid_body',
    `Payload validation error: 'Object didn't pass validation for format date-time: ${value}' on property expires_at.`,
  );
