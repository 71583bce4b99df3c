import { Controller, Get, Header, HttpCode, HttpStatus, Options } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/public.decorator.js';
import { AppConfig } from '../config/app-config.js';
import { DISCOVERY_ROUTE } from '../routes.js';
import { discoveryDocument, type DiscoveryDocument } from './discovery-document.js';

/**
 * OpenID Connect discovery, outside /api/v2 and out of the OpenAPI document like the JWKS beside it.
 * Auth0's libraries (openid-client underneath) start every call here. Readable from any origin, as
 * Auth0 serves it: a browser's preflight (Auth0's libraries send an Auth0-Client header) is answered too.
 */
@Public()
@SkipThrottle()
@ApiExcludeController()
@Controller()
export class DiscoveryController {
  private readonly document: DiscoveryDocument;

  constructor(config: AppConfig) {
    this.document = discoveryDocument(config);
  }

  @Get(DISCOVERY_ROUTE)
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Cache-Control', 'public, max-age=15, stale-while-revalidate=15, stale-if-error=86400')
  openidConfiguration(): DiscoveryDocument {
    return this.document;
  }

  @Options(DISCOVERY_ROUTE)
  @HttpCode(HttpStatus.NO_CONTENT)
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Access-Control-Allow-Methods', 'GET')
  @Header('Access-Control-Allow-Headers', 'Auth0-Client, Content-Type')
  @Header('Access-Control-Max-Age', '86400')
  preflight(): void {
    // The headers above are the whole answer.
  }
}
