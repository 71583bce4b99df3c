import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/public.decorator.js';
import { PrismaService } from '../database/prisma.service.js';
import { LIVENESS_ROUTE, READINESS_ROUTE } from '../routes.js';

/** Probes for orchestrators: unauthenticated and never rate limited. */
@Public()
@SkipThrottle()
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  /** The process is up. */
  @Get(LIVENESS_ROUTE)
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database answers; a failure becomes 503 database_unavailable. */
  @Get(READINESS_ROUTE)
  async ready(): Promise<{ status: 'ok' }> {
    await this.prisma.$queryRaw`SELECT 1`;
    return { status: 'ok' };
  }
}
