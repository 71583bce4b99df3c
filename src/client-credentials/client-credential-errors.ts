import { badRequest, notFound } from '../common/api-error.js';

export const credentialNotFound = () => notFound('inexistent_credential', 'The credential does not exist.');
// mTLS (tls_client_auth, self_signed_tls_client_auth) is not served, so its credentials could
// never be used: refused rather than stored. Wording ours.
export const credentialTypeNotSupported = (type: string) =>
  badRequest(
    'invalid_body',
    `Payload validation error: 'credential_type ${type} is not supported: only public_key (private_key_jwt) is' on property credential_type.`,
  );
export const unknownCredentials = (ids: string[]) =>
  badRequest(
    'invalid_body',
    `Payload validation error: 'The client has no credential ${ids.join(', ')}' on property client_authentication_methods.private_key_jwt.credentials.`,
  );
export const invalidDate = (value: string) =>
  badRequest(
    'invalid_body',
    `Payload validation error: 'Object didn't pass validation for format date-time: ${value}' on property expires_at.`,
  );
