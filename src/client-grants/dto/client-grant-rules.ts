import type { FieldRules } from '../../common/validation/field-rules.js';

export const ORGANIZATION_USAGES = ['deny', 'allow', 'require'] as const;
export type OrganizationUsage = (typeof ORGANIZATION_USAGES)[number];

export const SCOPE_RULES: FieldRules = {
  type: 'array',
  items: { minLength: 1, maxLength: 280 },
  description: 'Scopes allowed for this client grant.',
};

export const ORGANIZATION_USAGE_RULES: FieldRules = {
  type: 'string',
  enum: ORGANIZATION_USAGES,
  description: 'Defines whether organizations can be used with client credentials exchanges for this grant.',
};

export const ALLOW_ANY_ORGANIZATION_RULES: FieldRules = {
  type: 'boolean',
  description: 'If enabled, any organization can be used with this grant. If disabled (default), the grant must be explicitly assigned to the desired organizations.',
};
