import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator.js';
import { API_PREFIX } from '../routes.js';
import { OpenApiDocument } from './openapi-document.js';
import { docsPage, SWAGGER_UI_ASSETS, swaggerUiAsset } from './swagger-ui-assets.js';

/** The API's own description: public, like Auth0's published document, and still rate limited. */
@Public()
@ApiExcludeController()
@Controller()
export class OpenApiController {
  private readonly page = docsPage(API_PREFIX);

  constructor(private readonly document: OpenApiDocument) {}

  @Get('openapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  openapi(): string {
    return this.document.asJson();
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  docs(): string {
    return this.page;
  }

  @Get('docs/swagger-ui.css')
  @Header('Content-Type', SWAGGER_UI_ASSETS['swagger-ui.css'])
  @Header('Cache-Control', 'public, max-age=86400')
  css(): Promise<Buffer> {
    return swaggerUiAsset('swagger-ui.css');
  }

  @Get('docs/swagger-ui-bundle.js')
  @Header('Content-Type', SWAGGER_UI_ASSETS['swagger-ui-bundle.js'])
  @Header('Cache-Control', 'public, max-age=86400')
  script(): Promise<Buffer> {
    return swaggerUiAsset('swagger-ui-bundle.js');
  }
}
