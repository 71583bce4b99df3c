/** The OpenAPI security scheme names: declared by the document, required by every @Scopes() route. */
export const BEARER_SCHEME = 'bearerAuth';
export const OAUTH2_SCHEME = 'oAuth2ClientCredentials';
