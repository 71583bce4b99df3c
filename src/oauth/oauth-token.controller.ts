import { Body, Controller, Header, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator.js';
import { TOKEN_ROUTE } from '../routes.js';
import { parseTokenRequest } from './token-request.js';
import { TokenIssuer, type TokenResponse } from './token-issuer.service.js';

/** The tenant's token endpoint, outside /api/v2 as Auth0's. Its errors are OAuth-shaped. */
@Public()
@ApiExcludeController()
@Controller()
export class OAuthTokenController {
  constructor(private readonly issuer: TokenIssuer) {}

  // The body stays untyped so the API's validation pipe (and its error shape) does not apply.
  @Post(TOKEN_ROUTE)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  token(@Body() body: unknown, @Ip() ip: string): Promise<TokenResponse> {
    return this.issuer.issue(parseTokenRequest(body), ip);
  }
}
