import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OAuthFlowObject, type OpenAPIObject } from '@nestjs/swagger';
import { ALL_SCOPES } from '../auth/scopes.catalog.js';
import type { AppConfig } from '../config/app-config.js';
import { API_PREFIX, TOKEN_ROUTE } from '../routes.js';
import { OpenApiDocument } from './openapi-document.js';
import { closeRequestSchemas, documentRequestClasses } from './request-schemas.js';
import { BEARER_SCHEME, OAUTH2_SCHEME } from './security-schemes.js';
import { documentTokenEndpoint } from './token-endpoint.js';

/**
 * The OpenAPI 3.1 document, scanned from the same controllers that route requests, its request
 * schemas read from the validators that check them (request-schemas.ts), with the reference's
 * two security schemes. Paths are relative to
 * the server URL (`.../api/v2`), as in Auth0's own document.
 */
function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const base = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Auth0-compatible Management API')
    .setDescription('Self-hosted tenant Management API v2, compatible with Auth0 clients.')
    .setVersion('2.0')
    .addServer(`/${API_PREFIX}`, 'This server')
    .addServer(`https://{tenantDomain}/${API_PREFIX}`, 'The tenant', { tenantDomain: { default: config.tenantDomain } })
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME)
    .addOAuth2(
      {
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: new URL(TOKEN_ROUTE, config.tokenIssuer).href,
            scopes: scopeDescriptions(),
            // As in Auth0's document: the audience the token request must name.
            'x-form-parameters': { audience: config.tokenAudience },
          } as OAuthFlowObject,
        },
      },
      OAUTH2_SCHEME,
    )
    .build();
  const requestClasses = documentRequestClasses(app);
  const document = SwaggerModule.createDocument(app, base, { ignoreGlobalPrefix: true });
  closeRequestSchemas(document, requestClasses);
  acceptForms(document);
  documentTokenEndpoint(document, config);
  return document;
}

/** Once the routes exist, hands the controller that serves the document the way to build it. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  app.get(OpenApiDocument).set(() => buildOpenApiDocument(app, config));
}

function scopeDescriptions(): Record<string, string> {
  return Object.fromEntries(
    ALL_SCOPES.map((scope) => {
      const [action, resource] = scope.split(':');
      return [scope, `${action[0].toUpperCase()}${action.slice(1)} ${resource.replaceAll('_', ' ')}`];
    }),
  );
}

/** Every body is also read from a form (app.setup.ts marks form bodies for the pipe), as Auth0 does. */
function acceptForms(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      const content = (operation as { requestBody?: { content?: Record<string, unknown> } }).requestBody?.content;
      if (content?.['application/json']) content['application/x-www-form-urlencoded'] ??= content['application/json'];
    }
  }
}
