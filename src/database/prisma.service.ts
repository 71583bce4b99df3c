import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppLogger } from '../common/app-logger.js';
import { AppConfig } from '../config/app-config.js';
import { PrismaClient } from '../generated/prisma/client.js';
import { DATABASE_URL } from './database-url.js';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(DATABASE_URL) url: string,
    config: AppConfig,
    private readonly appLogger: AppLogger,
  ) {
    super({ adapter: new PrismaPg({ connectionString: url, max: config.databasePoolSize }) });
  }

  /** Fails the boot, not the first request, when the database cannot be reached. */
  async onModuleInit(): Promise<void> {
    await this.$connect();
    await this.$queryRaw`SELECT 1`;
  }

  // On shutdown, not on module destroy: Nest runs onModuleDestroy BEFORE it closes the HTTP
  // server, and in-flight requests still need the pool until the server has drained. Nest
  // calls this before DatabaseLifecycle's hook (deeper dependents first), so the embedded
  // server stops only after the pool is closed.
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
    this.appLogger.write('info', 'database pool closed', { context: 'PrismaService' });
  }
}
