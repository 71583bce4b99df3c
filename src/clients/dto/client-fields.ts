import type { FieldRules } from '../../common/validation/field-rules.js';

/** The only application type this service issues tokens to: machine-to-machine. */
export const APP_TYPES = ['non_interactive'] as const;
/** Grant types a non_interactive client may hold; an empty list blocks it from /oauth/token. */
export const GRANT_TYPES = ['client_credentials'] as const;

export const NAME_RULES: FieldRules = {
  type: 'string',
  minLength: 1,
  pattern: /^[^<>]+$/,
  description: "Name of this client (min length: 1 character, does not allow `<` or `>`).",
};

export const DESCRIPTION_RULES: FieldRules = {
  type: 'string',
  maxLength: 140,
  description: 'Free text description of this client (max length: 140 characters).',
};

export const APP_TYPE_RULES: FieldRules = {
  type: 'string',
  enum: APP_TYPES,
  description: 'The type of application this client represents',
};

export const GRANT_TYPES_RULES: FieldRules = {
  type: 'array',
  items: { minLength: 1, enum: GRANT_TYPES },
  description: 'List of grant types supported for this application.',
};
