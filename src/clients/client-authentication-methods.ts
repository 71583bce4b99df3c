import { insufficientScope } from '../auth/scopes.guard.js';
import { badRequest } from '../common/api-error.js';
import type { CreateClientCredentialDto } from '../client-credentials/dto/create-client-credential.dto.js';
import type { Principal } from '../auth/principal.js';
import type { ClientAuthenticationMethodsDto } from './dto/client-authentication-methods.dto.js';

/** What the clients table stores: Auth0's client_authentication_methods, credentials by id. */
export interface StoredAuthenticationMethods {
  private_key_jwt?: { credentials: { id: string }[] };
}

const PROPERTY = 'client_authentication_methods.private_key_jwt.credentials';

// Auth0: "The client_authentication_methods and token_endpoint_auth_method properties are mutually
// exclusive." Wording ours.
export const exclusiveMethods = () =>
  badRequest(
    'invalid_body',
    "Payload validation error: 'client_authentication_methods and token_endpoint_auth_method are mutually exclusive' on property client_authentication_methods.",
  );
const wrongForm = (expected: string) => badRequest('invalid_body', `Payload validation error: '${expected}' on property ${PROPERTY}.`);

/**
 * Auth0 asks for the client_credentials scope of the action on top of the client's to configure
 * client_authentication_methods (create: on POST /clients, update: on PATCH). Asked here to enable
 * credentials; unsetting needs no more than setting token_endpoint_auth_method, which unsets it too.
 */
export function requireCredentialsScope(principal: Principal | undefined, action: 'create' | 'update'): void {
  const scope = `${action}:client_credentials`;
  if (!principal?.scopes.has(scope)) throw insufficientScope(scope);
}

/** POST /clients: the credentials to create, each a full definition (no id, as Auth0's create schema). */
export function credentialsToCreate(
  methods: ClientAuthenticationMethodsDto,
  tokenEndpointAuthMethod?: string,
): CreateClientCredentialDto[] {
  if (!methods.private_key_jwt) return [];
  if (tokenEndpointAuthMethod !== undefined) throw exclusiveMethods();
  return methods.private_key_jwt.credentials.map(({ id, ...definition }) => {
    if (id !== undefined || definition.credential_type === undefined || definition.pem === undefined)
      throw wrongForm('Each credential must be a new credential definition (credential_type, pem, ...), without an id');
    return { ...definition, credential_type: definition.credential_type, pem: definition.pem };
  });
}

/** PATCH /clients/{id}: the credential ids to enable; each credential only by its id (Auth0's CredentialId). */
export function credentialIdsToEnable(methods: ClientAuthenticationMethodsDto): StoredAuthenticationMethods {
  if (!methods.private_key_jwt) return {};
  const ids = methods.private_key_jwt.credentials.map(({ id, ...rest }) => {
    // Validated values are never undefined: whatever property besides id the body carried is here.
    if (id === undefined || Object.keys(rest).length > 0) throw wrongForm('Each credential must be an existing credential, by its id only');
    return id;
  });
  return { private_key_jwt: { credentials: [...new Set(ids)].map((id) => ({ id })) } };
}
