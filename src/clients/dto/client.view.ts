import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import type { Client } from '../../generated/prisma/client.js';
import { ClientDefaultOrganizationDto } from './default-organization.dto.js';

const strings = { type: [String] } as ApiPropertyOptions;
const object = { type: 'object', additionalProperties: true } as ApiPropertyOptions;

/**
 * A client as Auth0 returns it from reads and updates: its secret only to read:client_keys
 * (ClientsService adds it), and no created_at/updated_at, which Auth0's client object does not
 * have. Every property is optional in the document because `fields`/`include_fields` may leave
 * any of them out.
 */
/** The tenant's signing certificate, as Auth0 lists it on every client. */
export class ClientSigningKeyView {
  @ApiProperty({ description: 'The signing certificate, PEM.' }) cert: string;
  @ApiProperty({ description: 'The signing certificate in a PKCS#7 bundle, PEM.' }) pkcs7: string;
  @ApiProperty({ description: 'Always "deprecated", as Auth0 answers it.' }) subject: string;
}

export class ClientView {
  @ApiPropertyOptional() client_id?: string;
  @ApiPropertyOptional({ description: "The client's secret: only to a token holding read:client_keys." }) client_secret?: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ type: Boolean, description: 'Always false: no client is the legacy global client.' }) global?: false;
  @ApiPropertyOptional() app_type?: string;
  @ApiPropertyOptional({ type: [String], description: 'Grant types this client may use; only client_credentials is issued here.' })
  grant_types?: string[];
  @ApiPropertyOptional({ enum: ['none', 'client_secret_post', 'client_secret_basic'] }) token_endpoint_auth_method?: string;
  @ApiPropertyOptional() is_first_party?: boolean;
  @ApiPropertyOptional() oidc_conformant?: boolean;
  @ApiPropertyOptional(strings) callbacks?: string[];
  @ApiPropertyOptional(strings) allowed_origins?: string[];
  @ApiPropertyOptional(strings) web_origins?: string[];
  @ApiPropertyOptional(strings) allowed_logout_urls?: string[];
  @ApiPropertyOptional(strings) allowed_clients?: string[];
  @ApiPropertyOptional(object) jwt_configuration?: object;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } }) client_metadata?: Record<string, string>;
  @ApiPropertyOptional(object) token_exchange?: object;
  @ApiPropertyOptional() organization_usage?: string;
  @ApiPropertyOptional() organization_require_behavior?: string;
  @ApiPropertyOptional({ type: ClientDefaultOrganizationDto }) default_organization?: ClientDefaultOrganizationDto;
  @ApiPropertyOptional(object) client_authentication_methods?: object;
  @ApiPropertyOptional(object) signed_request_object?: object;
  // The settings, as accepted (CreateClientDto's base class).
  @ApiPropertyOptional() logo_uri?: string;
  @ApiPropertyOptional(strings) client_aliases?: string[];
  @ApiPropertyOptional() sso?: boolean;
  @ApiPropertyOptional() sso_disabled?: boolean;
  @ApiPropertyOptional() cross_origin_authentication?: boolean;
  @ApiPropertyOptional() cross_origin_loc?: string;
  @ApiPropertyOptional() custom_login_page_on?: boolean;
  @ApiPropertyOptional() custom_login_page?: string;
  @ApiPropertyOptional() form_template?: string;
  @ApiPropertyOptional() initiate_login_uri?: string;
  @ApiPropertyOptional() is_token_endpoint_ip_header_trusted?: boolean;
  @ApiPropertyOptional() require_pushed_authorization_requests?: boolean;
  @ApiPropertyOptional() require_proof_of_possession?: boolean;
  @ApiPropertyOptional() skip_non_verifiable_callback_uri_confirmation_prompt?: boolean;
  @ApiPropertyOptional({ type: 'integer' }) par_request_expiry?: number;
  @ApiPropertyOptional(strings) organization_discovery_methods?: string[];
  @ApiPropertyOptional(object) mobile?: object;
  @ApiPropertyOptional(object) native_social_login?: object;
  @ApiPropertyOptional(object) refresh_token?: object;
  @ApiPropertyOptional(object) oidc_logout?: object;
  @ApiPropertyOptional(object) addons?: object;
  @ApiPropertyOptional(object) session_transfer?: object;
  @ApiPropertyOptional() compliance_level?: string;
  @ApiPropertyOptional({ ...object, deprecated: true }) oidc_backchannel_logout?: object;
  @ApiPropertyOptional() resource_server_identifier?: string;
  @ApiPropertyOptional() custom_login_page_preview?: string;
  @ApiPropertyOptional(object) encryption_key?: object;
  @ApiPropertyOptional(object) token_quota?: object;
  @ApiPropertyOptional(object) identity_assertion_authorization_grant?: object;
  @ApiPropertyOptional(object) anonymous_sessions?: object;
  @ApiPropertyOptional(object) fedcm_login?: object;
  @ApiPropertyOptional() third_party_security_mode?: string;
  @ApiPropertyOptional() redirection_policy?: string;
  @ApiPropertyOptional(object) express_configuration?: object;
  @ApiPropertyOptional(object) my_organization_configuration?: object;
  @ApiPropertyOptional(strings) async_approval_notification_channels?: string[];
  @ApiPropertyOptional(object) token_vault_privileged_access?: object;
  @ApiPropertyOptional({ type: [ClientSigningKeyView] }) signing_keys?: ClientSigningKeyView[];
}

/** The answer of create and rotate-secret, which always show the secret. */
export class ClientWithSecretView extends ClientView {
  @ApiProperty({ description: "The client's secret." }) declare client_secret: string;
}

export function toClientView(row: Client): ClientView {
  const view: Record<string, unknown> = {
    client_id: row.client_id,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    global: false,
    app_type: row.app_type,
    grant_types: row.grant_types,
    ...(row.token_endpoint_auth_method !== null ? { token_endpoint_auth_method: row.token_endpoint_auth_method } : {}),
    is_first_party: row.is_first_party,
    oidc_conformant: row.oidc_conformant,
    callbacks: row.callbacks,
    allowed_origins: row.allowed_origins,
    web_origins: row.web_origins,
    allowed_logout_urls: row.allowed_logout_urls,
    allowed_clients: row.allowed_clients,
    ...(row.jwt_configuration !== null ? { jwt_configuration: row.jwt_configuration } : {}),
    client_metadata: row.client_metadata,
    ...(row.token_exchange !== null ? { token_exchange: row.token_exchange } : {}),
    ...(row.organization_usage !== null ? { organization_usage: row.organization_usage } : {}),
    ...(row.organization_require_behavior !== null ? { organization_require_behavior: row.organization_require_behavior } : {}),
    ...(row.default_organization !== null ? { default_organization: row.default_organization } : {}),
    ...(row.client_authentication_methods !== null ? { client_authentication_methods: row.client_authentication_methods } : {}),
    ...(row.signed_request_object !== null ? { signed_request_object: row.signed_request_object } : {}),
    ...(row.settings as object),
  };
  // Recorded: Auth0 answers the deprecated oidc_backchannel_logout beside oidc_logout, with its URLs.
  const logout = view.oidc_logout as { backchannel_logout_urls?: unknown } | undefined;
  if (logout?.backchannel_logout_urls !== undefined)
    view.oidc_backchannel_logout = { backchannel_logout_urls: logout.backchannel_logout_urls };
  return view;
}

export function toClientWithSecretView(row: Client, secret: string): ClientWithSecretView {
  // toClientView builds a plain object (typed as the view class for @nestjs/swagger): nothing to lose by extending it.
  return Object.assign(toClientView(row), { client_secret: secret });
}
