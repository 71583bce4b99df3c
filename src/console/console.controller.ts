import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { CONSOLE_ROUTE } from '../routes.js';
import { ConsoleAssets } from './console-assets.js';
import { ConsoleAuth, type SessionView } from './console-auth.service.js';
import { consoleAssetNotFound, consoleNotBuilt, consoleReadNotFound } from './console-errors.js';
import { ConsoleForward } from './console-forward.js';
import { ConsoleInsight, INSIGHT_BASE } from './console-insight.js';
import { SignInDto } from './dto/sign-in.dto.js';

/** Scripts, styles and calls from this service only; nothing inline, no frames, no plugins. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The tenant console: public to the JWT guard (an operator has a session, not a bearer token),
 * protected by its session instead. Kept out of the OpenAPI document: it is not the Management API.
 */
@Public()
@ApiExcludeController()
@Controller(CONSOLE_ROUTE)
export class ConsoleController {
  private readonly assets = new ConsoleAssets();

  constructor(
    private readonly auth: ConsoleAuth,
    private readonly forwarder: ConsoleForward,
    private readonly insight: ConsoleInsight,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Referrer-Policy', 'no-referrer')
  @Header('Cache-Control', 'no-cache')
  async page(): Promise<Buffer> {
    const page = await this.assets.index();
    if (!page) throw consoleNotBuilt();
    return page;
  }

  /** Vite names each file after its content, so a name is never reused for other bytes. */
  @Get('assets/*')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  async asset(@Param('*') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const asset = await this.assets.asset(file);
    if (!asset) throw consoleAssetNotFound();
    void reply.header('Content-Type', asset.type);
    return asset.body;
  }

  @Get('session')
  @Header('Cache-Control', 'no-store')
  session(@Req() request: FastifyRequest): SessionView {
    return this.auth.view(request);
  }

  @Post('session')
  @Header('Cache-Control', 'no-store')
  async signIn(
    @Body() body: SignInDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionView> {
    const { cookie, view } = await this.auth.signIn(body, request);
    void reply.header('Set-Cookie', cookie);
    return view;
  }

  @Delete('session')
  @HttpCode(HttpStatus.NO_CONTENT)
  signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): void {
    void reply.header('Set-Cookie', this.auth.signOut(request));
  }

  // One handler per method the API has (a route for every method would also answer COPY, LOCK, ...).
  @Get('api/*')
  async read(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!request.url.startsWith(INSIGHT_BASE)) return this.forward(request, reply);
    const answer = await this.insight.answer(new URL(request.url, 'http://console.invalid'), this.auth.require(request));
    if (answer === undefined) throw consoleReadNotFound();
    await reply.header('Cache-Control', 'no-store').send(answer);
  }

  @Post('api/*')
  create(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.forward(request, reply);
  }

  @Patch('api/*')
  update(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.forward(request, reply);
  }

  @Put('api/*')
  replace(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.forward(request, reply);
  }

  @Delete('api/*')
  remove(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.forward(request, reply);
  }

  private forward(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.forwarder.forward(request, reply, this.auth.require(request));
  }
}
