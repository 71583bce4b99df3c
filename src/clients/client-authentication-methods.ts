import { insufficientScope } from '../auth/scopes.guard.js';
import { badRequest } from '../common/api-error.js';
import type { CreateClientCredentialDto } from '../client-credentials/dto/create-client-credential.dto.js';
import type { CredentialType } from '../client-credentials/credential-definitions.js';
import { AUTHENTICATION_METHODS, METHOD_CREDENTIAL_TYPES, type AuthenticationMethod } from '../client-credentials/credential-references.js';
import type { Principal } from '../auth/principal.js';
import type {
  ClientAuthenticationMethodsDto,
  ClientTokenVaultPrivilegedAccessDto,
  CredentialReferenceDto,
  SignedRequestObjectDto,
} from './dto/client-authentication-methods.dto.js';

/** The client properties besides client_authentication_methods that name public keys. */
export type KeyHolder = 'signed_request_object' | 'token_vault_privileged_access';

/** A place a client body names credentials: an authentication method, JAR's signed_request_object, or Token Vault's privileged access. */
export interface CredentialUse {
  /** The authentication method; undefined for the other holders. */
  method?: AuthenticationMethod;
  /** The property naming the keys, when not an authentication method. */
  holder?: KeyHolder;
  /** Where the credentials were given, for errors. */
  property: string;
  /** The credential type the use takes. */
  type: CredentialType;
  credentials: CredentialReferenceDto[];
}

interface NamingBody {
  client_authentication_methods?: ClientAuthenticationMethodsDto | null;
  signed_request_object?: SignedRequestObjectDto | null;
  token_vault_privileged_access?: ClientTokenVaultPrivilegedAccessDto | null;
}

// Auth0: "The client_authentication_methods and token_endpoint_auth_method properties are mutually
// exclusive." Wording ours.
export const exclusiveMethods = () =>
  badRequest(
    'invalid_body',
    "Payload validation error: 'client_authentication_methods and token_endpoint_auth_method are mutually exclusive' on property client_authentication_methods.",
  );
const wrongForm = (property: string, expected: string) =>
  badRequest('invalid_body', `Payload validation error: '${expected}' on property ${property}.`);
export const wrongType = (use: CredentialUse, given: string) =>
  badRequest('invalid_body', `Payload validation error: 'Expected ${use.type} credentials, got ${given}' on property ${use.property}.`);

/** Every place the body names credentials: each authentication method given, then signed_request_object and token_vault_privileged_access. */
function credentialUses(body: NamingBody): CredentialUse[] {
  const methods = body.client_authentication_methods ?? {};
  const uses: CredentialUse[] = AUTHENTICATION_METHODS.flatMap((method) => {
    const given = methods[method];
    if (!given) return [];
    const property = `client_authentication_methods.${method}.credentials`;
    return [{ method, property, type: METHOD_CREDENTIAL_TYPES[method], credentials: given.credentials }];
  });
  for (const holder of ['signed_request_object', 'token_vault_privileged_access'] as const) {
    const credentials = body[holder]?.credentials;
    if (credentials) uses.push({ holder, property: `${holder}.credentials`, type: 'public_key', credentials });
  }
  return uses;
}

/**
 * Auth0 asks for the client_credentials scope of the action on top of the client's to configure
 * client_authentication_methods (create: on POST /clients, update: on PATCH); asked here whenever
 * a body names credentials (JAR's and Token Vault's too). Unsetting needs no more than setting
 * token_endpoint_auth_method, which unsets it too.
 */
export function requireCredentialsScope(principal: Principal | undefined, body: NamingBody, action: 'create' | 'update'): void {
  const scope = `${action}:client_credentials`;
  if (credentialUses(body).length > 0 && !principal?.scopes.has(scope)) throw insufficientScope(scope);
}

/** POST /clients: the credentials to create for each use, each a full definition of the use's type (Auth0's create schema). */
export function definitionsToCreate(
  body: NamingBody,
  tokenEndpointAuthMethod?: string,
): { use: CredentialUse; definitions: CreateClientCredentialDto[] }[] {
  const uses = credentialUses(body);
  if (uses.some((use) => use.method) && tokenEndpointAuthMethod !== undefined) throw exclusiveMethods();
  // A PATCH may empty a method's list (Terraform does, swapping a key); a new client's method names at least one.
  const empty = uses.find((use) => use.method && use.credentials.length === 0);
  if (empty) throw wrongForm(empty.property, 'Array is too short (0), minimum 1');
  return uses.map((use) => ({
    use,
    definitions: use.credentials.map(({ id, ...definition }) => {
      if (id !== undefined || definition.credential_type === undefined)
        throw wrongForm(use.property, 'Each credential must be a new credential definition (credential_type, pem, ...), without an id');
      if (definition.credential_type !== use.type) throw wrongType(use, definition.credential_type);
      return { ...definition, credential_type: definition.credential_type };
    }),
  }));
}

/** PATCH /clients/{id}: the credential ids each use names; each credential only by its id (Auth0's CredentialId). */
export function idsToEnable(body: NamingBody): { use: CredentialUse; ids: string[] }[] {
  return credentialUses(body).map((use) => {
    const ids = use.credentials.map(({ id, ...rest }) => {
      // Validated values are never undefined: whatever property besides id the body carried is here.
      if (id === undefined || Object.keys(rest).length > 0)
        throw wrongForm(use.property, 'Each credential must be an existing credential, by its id only');
      return id;
    });
    return { use, ids: [...new Set(ids)] };
  });
}
