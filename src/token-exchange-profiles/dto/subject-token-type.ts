// A subject_token_type names a token type of the customer's: an https URL or a URN.
export const SUBJECT_TOKEN_TYPE_SCHEMES = ['https://', 'urn:'] as const;

// Prefixes Auth0 keeps for its own and the standards' token types.
export const RESERVED_SUBJECT_TOKEN_TYPE_PREFIXES = [
  'http://auth0.com',
  'https://auth0.com',
  'http://okta.com',
  'https://okta.com',
  'urn:ietf',
  'urn:auth0',
  'urn:okta',
] as const;
