import { Body, Controller, Header, Headers, HttpCode, HttpStatus, Ip, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { RefreshTokens } from '../refresh-tokens/refresh-tokens.service.js';
import { REVOKE_ROUTE } from '../routes.js';
import { ClientAuthenticator } from './client-authenticator.js';
import { EdgeCertificates } from './edge-certificate.js';
import { parseRevokeRequest } from './token-request.js';

/**
 * RFC 7009 revocation of a refresh token, as Auth0 answers it: the client authenticated as at the
 * token endpoint, then 200 with an empty body whether or not the token was one of its own.
 */
@Public()
@ApiExcludeController()
@Controller()
export class RevokeController {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly refreshTokens: RefreshTokens,
    private readonly edge: EdgeCertificates,
  ) {}

  // Untyped body, as the token endpoint's: OAuth-shaped errors, not the API's validation errors.
  @Post(REVOKE_ROUTE)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  async revoke(
    @Body() body: unknown,
    @Ip() ip: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() http: FastifyRequest,
  ): Promise<void> {
    const request = parseRevokeRequest(body, authorization, this.edge.read(http.headers));
    const client = await this.authenticator.authenticate(request, ip);
    await this.refreshTokens.revoke(request.token, client);
  }
}
