import type { CredentialType } from './credential-definitions.js';

/** Auth0's client authentication methods, each with the type of credential it takes. */
export const METHOD_CREDENTIAL_TYPES = {
  private_key_jwt: 'public_key',
  tls_client_auth: 'cert_subject_dn',
  self_signed_tls_client_auth: 'x509_cert',
} as const satisfies Record<string, CredentialType>;
export type AuthenticationMethod = keyof typeof METHOD_CREDENTIAL_TYPES;
export const AUTHENTICATION_METHODS = Object.keys(METHOD_CREDENTIAL_TYPES) as AuthenticationMethod[];

interface CredentialIds {
  credentials: { id: string }[];
}

/** What clients.client_authentication_methods stores: per method, its credentials by id. */
export type StoredAuthenticationMethods = Partial<Record<AuthenticationMethod, CredentialIds>>;

/** What clients.signed_request_object stores (Auth0's JAR settings): its public keys by id. */
export interface StoredSignedRequestObject {
  required?: boolean;
  credentials?: { id: string }[];
}

/** The two places a client names its credentials. */
export interface CredentialReferences {
  client_authentication_methods: StoredAuthenticationMethods | null;
  signed_request_object: StoredSignedRequestObject | null;
}

/** A client row's client_authentication_methods, as stored (jsonb). */
export function authenticationMethodsOf(client: { client_authentication_methods: unknown }): StoredAuthenticationMethods | null {
  return client.client_authentication_methods as StoredAuthenticationMethods | null;
}

/**
 * Whether the client authenticates with credentials (whichever method): then its secret no longer
 * does, as Auth0's "a Client Secret will no longer be accepted".
 */
export function usesCredentials(methods: StoredAuthenticationMethods | null): boolean {
  return methods !== null && AUTHENTICATION_METHODS.some((method) => methods[method] !== undefined);
}

/** The references without the credential `id`; undefined when none named it. */
export function withoutCredential(references: CredentialReferences, id: string): CredentialReferences | undefined {
  const keep = (list: { id: string }[]) => list.filter((credential) => credential.id !== id);
  const named = (list?: { id: string }[]) => list?.some((credential) => credential.id === id) ?? false;
  const methods = references.client_authentication_methods;
  const jar = references.signed_request_object;
  if (!AUTHENTICATION_METHODS.some((method) => named(methods?.[method]?.credentials)) && !named(jar?.credentials)) return undefined;
  const remaining =
    methods && Object.fromEntries(Object.entries(methods).map(([method, { credentials }]) => [method, { credentials: keep(credentials) }]));
  return {
    client_authentication_methods: remaining,
    signed_request_object: jar && { ...jar, ...(jar.credentials ? { credentials: keep(jar.credentials) } : {}) },
  };
}
