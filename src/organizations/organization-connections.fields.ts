import type { OrganizationConnectionFields } from './organization-connections.repository.js';
import { settingsChange } from '../common/settings-change.js';

// What a link has when a body does not set it (Auth0's documented defaults, the columns' defaults too).
const LINK_DEFAULTS = { assign_membership_on_login: false, show_as_button: true } as const;

// Kept in the link's `settings` column and returned as accepted (only /organizations/{id}/connections has them).
const LINK_SETTINGS = ['organization_connection_name', 'organization_access_level', 'is_enabled'] as const;

interface LinkBody {
  assign_membership_on_login?: boolean | null;
  show_as_button?: boolean | null;
  is_signup_enabled?: boolean | null;
  organization_connection_name?: string | null;
  organization_access_level?: string | null;
  is_enabled?: boolean | null;
}

/**
 * The fields a link stores, whichever path's body they came in. PATCH bodies are partial and so may
 * send null (the document says so): null puts a setting back to its default, as in Auth0.
 */
export function linkFields(body: LinkBody): OrganizationConnectionFields {
  return {
    assign_membership_on_login: orDefault(body.assign_membership_on_login, LINK_DEFAULTS.assign_membership_on_login),
    show_as_button: orDefault(body.show_as_button, LINK_DEFAULTS.show_as_button),
    is_signup_enabled: body.is_signup_enabled,
    settings: settingsChange(body, LINK_SETTINGS),
  };
}

/** PartialType's properties admit null at run time though their type does not say so. */
const orDefault = (value: boolean | null | undefined, fallback: boolean): boolean | undefined => (value === null ? fallback : value);
