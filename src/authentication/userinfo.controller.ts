import { Controller, Get, Header, Headers, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { USERINFO_ROUTE } from '../routes.js';
import { UserinfoRefusal, UserinfoService } from './userinfo.service.js';

/**
 * Auth0's /userinfo, by GET or POST, outside /api/v2. A refused token is answered as Auth0 does:
 * 401 with the text "Unauthorized" and RFC 6750's challenge in WWW-Authenticate.
 */
@Public()
@ApiExcludeController()
@Controller()
export class UserinfoController {
  constructor(private readonly userinfo: UserinfoService) {}

  @Get(USERINFO_ROUTE)
  @Header('Cache-Control', 'no-store')
  read(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(authorization, reply);
  }

  @Post(USERINFO_ROUTE)
  @Header('Cache-Control', 'no-store')
  readByPost(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(authorization, reply);
  }

  private async answer(authorization: string | undefined, reply: FastifyReply): Promise<Record<string, unknown> | string> {
    try {
      reply.code(200);
      return await this.userinfo.profile(authorization);
    } catch (error) {
      if (!(error instanceof UserinfoRefusal)) throw error;
      const challenge = error.error === undefined ? '' : `, error="${error.error}", error_description="${error.message}"`;
      void reply.code(401).header('WWW-Authenticate', `Bearer realm="Users"${challenge}`).type('text/plain; charset=utf-8');
      return 'Unauthorized';
    }
  }
}
