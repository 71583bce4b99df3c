import type { FieldRules } from '../../common/validation/field-rules.js';

// Prefixes Auth0 keeps for its own and the standards' token types.
const RESERVED_PREFIXES = ['http://auth0.com', 'https://auth0.com', 'http://okta.com', 'https://okta.com', 'urn:ietf', 'urn:auth0', 'urn:okta'];

export const SUBJECT_TOKEN_TYPE_RULES: FieldRules = {
  type: 'string',
  minLength: 8,
  maxLength: 100,
  format: 'uri',
  description: 'Type of the subject token. Must be unique per tenant and start with https:// or urn:',
  check: (value: string) => {
    const lower = value.toLowerCase();
    if (!lower.startsWith('https://') && !lower.startsWith('urn:')) return `String must start with https:// or urn: (${value})`;
    const reserved = RESERVED_PREFIXES.find((prefix) => lower.startsWith(prefix));
    return reserved ? `The prefix ${reserved} is reserved (${value})` : undefined;
  },
};

export const PROFILE_NAME_RULES: FieldRules = {
  type: 'string',
  minLength: 3,
  maxLength: 50,
  description: 'Friendly name of this profile',
};
