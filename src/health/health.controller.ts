import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/public.decorator.js';
import { ConnectionDrain, shuttingDown } from '../common/connection-drain.js';
import { PrismaService } from '../database/prisma.service.js';
import { LIVENESS_ROUTE, READINESS_ROUTE } from '../routes.js';

const READINESS_TIMEOUT_MS = 1500;

/** Probes for orchestrators: unauthenticated and never rate limited. */
@Public()
@SkipThrottle()
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly drain: ConnectionDrain,
  ) {}

  /** The process is up. */
  @Get(LIVENESS_ROUTE)
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * The database answers within READINESS_TIMEOUT_MS; anything else is 503 database_unavailable,
   * in time for orchestrators' probe timeouts (often 1-3 s) even when the database is frozen.
   * From SIGTERM on it is 503 shutting_down at once, so the load balancer stops routing here while
   * the instance still serves (see ConnectionDrain); liveness stays 200, the process is fine.
   */
  @Get(READINESS_ROUTE)
  async ready(): Promise<{ status: 'ok' }> {
    if (this.drain.isLeaving) throw shuttingDown();
    await this.prisma.ping(READINESS_TIMEOUT_MS);
    return { status: 'ok' };
  }
}
