import { Controller, Get, Header, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { JsonWebKey } from 'node:crypto';
import { Public } from '../auth/public.decorator.js';
import { Scopes } from '../auth/scopes.decorator.js';
import { JWKS_ROUTE } from '../routes.js';
import { SigningKeyRotationView } from './signing-key-rotation.view.js';
import { SigningKeyStore } from './signing-key.store.js';
import { ManagementWrite } from '../logs/management-write.decorator.js';

@ApiTags('keys')
@Controller()
export class SigningKeysController {
  constructor(private readonly keys: SigningKeyStore) {}

  /** Public, outside /api/v2, like Auth0's: resource servers verify our tokens with it. */
  @Get(JWKS_ROUTE)
  @Public()
  @SkipThrottle()
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'public, max-age=60')
  jwks(): Promise<{ keys: JsonWebKey[] }> {
    return this.keys.jwks();
  }

  /** Auth0 answers 201 with the new key's kid (and its certificate, which we do not make). */
  @ManagementWrite()
  @Post('keys/signing/rotate')
  @HttpCode(HttpStatus.CREATED)
  @Scopes('create:signing_keys')
  @ApiOperation({ operationId: 'post_signing_keys', summary: 'Rotate the application signing key' })
  @ApiCreatedResponse({ type: SigningKeyRotationView, description: 'The new key signs from now on; the previous one still verifies.' })
  async rotate(): Promise<SigningKeyRotationView> {
    return { kid: await this.keys.rotate() };
  }
}
