import { Body, Controller, Header, Headers, HttpCode, HttpStatus, Ip, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { auditOf } from '../logs/audit-record.js';
import { TOKEN_ROUTE } from '../routes.js';
import { OrganizationRefusal } from './organization-errors.js';
import { EdgeCertificates } from './edge-certificate.js';
import { parseTokenRequest, TOKEN_EXCHANGE_GRANT, type TokenRequest } from './token-request.js';
import { TokenIssuer, type Issued, type TokenResponse } from './token-issuer.service.js';
import { TokenExchangeService } from './token-exchange.service.js';
import { RefreshTokenGrant } from './refresh-token-grant.service.js';
import { PasswordGrant } from './password-grant.service.js';
import { LoginRefusal } from '../authentication/login-refusals.js';

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
    private readonly passwordGrant: PasswordGrant,
    private readonly edge: EdgeCertificates,
  ) {}

  // The body stays untyped so the API's validation pipe (and its error shape) does not apply.
  @Post(TOKEN_ROUTE)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  async token(
    @Body() body: unknown,
    @Ip() ip: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() http: FastifyRequest,
  ): Promise<TokenResponse> {
    const request = parseTokenRequest(body, authorization, this.edge.read(http.headers));
    const audit = auditOf(http);
    try {
      const { response, granted } = await this.grant(request, ip, http);
      audit.granted = granted;
      return response;
    } catch (error) {
      // The request may not have named the organization it was refused on (the client's default).
      if (error instanceof OrganizationRefusal) audit.refusedOrganization = error.organization;
      // A refused sign-in is logged as Auth0 files it (fu, fp, f, limit_wc), naming the user.
      if (error instanceof LoginRefusal) audit.refusedLogin = { type: error.logType, user_id: error.userId };
      throw error;
    }
  }

  private grant(request: TokenRequest, ip: string, http: FastifyRequest): Promise<Issued> {
    if (request.grant_type === 'client_credentials') return this.issuer.issue(request, ip);
    if (request.grant_type === 'refresh_token') return this.refreshGrant.refresh(request, { ip, userAgent: http.headers['user-agent'] });
    if (request.grant_type === TOKEN_EXCHANGE_GRANT) {
      return this.exchange.exchange(request, {
        ip,
        hostname: http.hostname,
        userAgent: http.headers['user-agent'],
        language: http.headers['accept-language'],
      });
    }
    const forwardedFor = http.headers['auth0-forwarded-for'];
    return this.passwordGrant.grant(
      request,
      { ip, userAgent: http.headers['user-agent'] },
      typeof forwardedFor === 'string' ? forwardedFor : undefined,
    );
  }
}
