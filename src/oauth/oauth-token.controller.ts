import { Body, Controller, Header, Headers, HttpCode, HttpStatus, Ip, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import type { TokenRequestOutcome } from '../logs/log-entry.js';
import { TOKEN_ROUTE } from '../routes.js';
import { OrganizationRefusal } from './organization-errors.js';
import { EdgeCertificates } from './edge-certificate.js';
import { parseTokenRequest } from './token-request.js';
import { TokenIssuer, type TokenResponse } from './token-issuer.service.js';
import { TokenExchangeService } from './token-exchange.service.js';
import { RefreshTokenGrant } from './refresh-token-grant.service.js';

/**
 * The tenant's token endpoint, outside /api/v2 as Auth0's. Its errors are OAuth-shaped. Documented
 * by hand (src/openapi/token-endpoint.ts): the scanner would place it under the /api/v2 server.
 */
@Public()
@ApiExcludeController()
@Controller()
export class OAuthTokenController {
  constructor(
    private readonly issuer: TokenIssuer,
    private readonly exchange: TokenExchangeService,
    private readonly refreshGrant: RefreshTokenGrant,
    private readonly edge: EdgeCertificates,
  ) {}

  // The body stays untyped so the API's validation pipe (and its error shape) does not apply.
  @Post(TOKEN_ROUTE)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  token(
    @Body() body: unknown,
    @Ip() ip: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() http: FastifyRequest & TokenRequestOutcome,
  ): Promise<TokenResponse> {
    const request = parseTokenRequest(body, authorization, this.edge.read(http.headers));
    if (request.grant_type === 'client_credentials') {
      return this.issuer.issue(request, ip).catch((error: unknown) => {
        // For the log entry, written once the answer is sent: the request may not have named it.
        if (error instanceof OrganizationRefusal) http.refusedOrganization = error.organization;
        throw error;
      });
    }
    if (request.grant_type === 'refresh_token') return this.refreshGrant.refresh(request, { ip, userAgent: http.headers['user-agent'] });
    return this.exchange.exchange(request, {
      ip,
      hostname: http.hostname,
      userAgent: http.headers['user-agent'],
      language: http.headers['accept-language'],
    });
  }
}
