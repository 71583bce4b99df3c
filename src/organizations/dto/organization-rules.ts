import { firstViolation, type FieldRules } from '../../common/validation/field-rules.js';

const MAX_METADATA_PROPERTIES = 25;
const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const ORGANIZATION_NAME_RULES: FieldRules = {
  type: 'string',
  minLength: 1,
  maxLength: 50,
  pattern: /^[a-z0-9_-]+$/,
  description: 'The name of this organization.',
};

export const DISPLAY_NAME_RULES: FieldRules = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description: 'Friendly name of this organization.',
};

export const BRANDING_RULES: FieldRules = {
  type: 'object',
  description: 'Theme defines how to style the login pages.',
  check: (value: Record<string, unknown>) =>
    unknownKeys(value, ['logo_url', 'colors']) ??
    optional(value.logo_url, { type: 'string', format: 'uri', maxLength: 2048, description: 'URL of logo to display on login page.' }) ??
    optional(value.colors, { type: 'object', description: 'Color scheme used to customize the login pages.', check: colorsViolation }),
};

export const METADATA_RULES: FieldRules = {
  type: 'object',
  description: 'Metadata associated with the organization, in the form of an object with string values (max 255 chars). Maximum of 25 metadata properties allowed.',
  check: (value: Record<string, unknown>) => {
    const keys = Object.keys(value);
    if (keys.length > MAX_METADATA_PROPERTIES) return `Too many properties defined (${keys.length}), maximum ${MAX_METADATA_PROPERTIES}`;
    for (const key of keys) {
      const reason = firstViolation(key, { type: 'string', minLength: 1, maxLength: 255, description: '' })
        ?? firstViolation(value[key], { type: 'string', maxLength: 255, description: '' });
      if (reason) return `${reason} (metadata.${key})`;
    }
    return undefined;
  },
};

function colorsViolation(value: Record<string, unknown>): string | undefined {
  const unknown = unknownKeys(value, ['primary', 'page_background']);
  if (unknown) return unknown;
  for (const key of ['primary', 'page_background']) {
    if (value[key] === undefined) return `Missing required property: colors.${key}`;
    const reason = firstViolation(value[key], { type: 'string', pattern: HEX_COLOR, description: '' });
    if (reason) return reason;
  }
  return undefined;
}

function unknownKeys(value: object, allowed: string[]): string | undefined {
  const extra = Object.keys(value).filter((key) => !allowed.includes(key));
  return extra.length > 0 ? `Additional properties not allowed: ${extra.join(',')}` : undefined;
}

function optional(value: unknown, rules: FieldRules): string | undefined {
  return value === undefined ? undefined : firstViolation(value, rules);
}
