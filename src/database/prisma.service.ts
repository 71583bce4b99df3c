import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppConfig } from '../config/app-config.js';
import { PrismaClient } from '../generated/prisma/client.js';
import { DATABASE_URL } from './database-url.js';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(DATABASE_URL) url: string, config: AppConfig) {
    super({ adapter: new PrismaPg({ connectionString: url, max: config.databasePoolSize }) });
  }

  /** Fails the boot, not the first request, when the database cannot be reached. */
  async onModuleInit(): Promise<void> {
    await this.$connect();
    await this.$queryRaw`SELECT 1`;
  }

  // On shutdown, not on module destroy: in-flight requests still need the pool until the
  // HTTP server has drained.
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
