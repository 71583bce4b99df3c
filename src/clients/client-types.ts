/**
 * Auth0's application types (ClientAppTypeEnum of the v7 SDK). Every one is accepted and kept;
 * our token endpoint still issues only client_credentials, so a client is only useful there if
 * its grant_types hold it.
 */
export const APP_TYPES = [
  'native',
  'spa',
  'regular_web',
  'non_interactive',
  'resource_server',
  'express_configuration',
  'rms',
  'box',
  'cloudbees',
  'concur',
  'dropbox',
  'mscrm',
  'echosign',
  'egnyte',
  'newrelic',
  'office365',
  'salesforce',
  'sentry',
  'sharepoint',
  'slack',
  'springcm',
  'zendesk',
  'zoom',
  'sso_integration',
  'oag',
] as const;

/** The grant types Auth0 documents for grant_types (CreateClientRequestContent.grant_types). */
export const GRANT_TYPES = [
  'authorization_code',
  'implicit',
  'refresh_token',
  'client_credentials',
  'password',
  'http://auth0.com/oauth/grant-type/password-realm',
  'http://auth0.com/oauth/grant-type/mfa-oob',
  'http://auth0.com/oauth/grant-type/mfa-otp',
  'http://auth0.com/oauth/grant-type/mfa-recovery-code',
  'http://auth0.com/oauth/grant-type/passwordless/otp',
  'urn:openid:params:grant-type:ciba',
  'urn:ietf:params:oauth:grant-type:device_code',
  'urn:ietf:params:oauth:grant-type:token-exchange',
  'urn:auth0:params:oauth:grant-type:token-exchange:federated-connection-access-token',
] as const;

export const TOKEN_ENDPOINT_AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;
export const ORGANIZATION_USAGES = ['deny', 'allow', 'require'] as const;
export const ORGANIZATION_REQUIRE_BEHAVIORS = ['no_prompt', 'pre_login_prompt', 'post_login_prompt'] as const;

const INTERACTIVE = ['authorization_code', 'implicit', 'refresh_token'];

/**
 * Auth0's grant_types when a create leaves them out, by app_type (Auth0's "Application Grant
 * Types" page: machine-to-machine gets client_credentials, SPA and native the browser flows,
 * regular web apps and the rest those plus client_credentials).
 */
export function defaultGrantTypes(appType: string): string[] {
  // Recorded: a resource server's client (resource_server_identifier) gets none, an Okta express app these two.
  if (appType === 'resource_server') return [];
  if (appType === 'express_configuration') return ['authorization_code', 'client_credentials'];
  if (appType === 'non_interactive') return ['client_credentials'];
  if (appType === 'spa' || appType === 'native') return [...INTERACTIVE];
  return [...INTERACTIVE, 'client_credentials'];
}

/**
 * What Auth0 gives an Okta OIN express app (app_type express_configuration) a create leaves out,
 * as recorded: Okta's admin redirect, organizations required (asked before login), and Private Key JWT with no key yet
 * (Okta registers it later), so no secret authenticates it.
 */
export const EXPRESS_APP_DEFAULTS = {
  callbacks: ['https://system-admin.okta.com/admin/app/generic/oauth20redirect'],
  organization_usage: 'require',
  organization_require_behavior: 'pre_login_prompt',
  client_authentication_methods: { private_key_jwt: { credentials: [] } },
};

/**
 * Public clients (SPA, native) hold no secret Auth0 would check: `none`; a resource server's
 * client has no method in Auth0's recorded answers; the others post it.
 */
export function defaultTokenEndpointAuthMethod(appType: string): string | undefined {
  if (appType === 'resource_server' || appType === 'express_configuration') return undefined;
  return appType === 'spa' || appType === 'native' ? 'none' : 'client_secret_post';
}
