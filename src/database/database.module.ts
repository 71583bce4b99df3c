import { Global, Module } from '@nestjs/common';
import { DatabaseLifecycle } from './database-lifecycle.js';
import { DATABASE_URL } from './database-url.js';
import { PrismaService } from './prisma.service.js';

@Global()
@Module({
  providers: [
    DatabaseLifecycle,
    { provide: DATABASE_URL, inject: [DatabaseLifecycle], useFactory: (db: DatabaseLifecycle): Promise<string> => db.prepare() },
    PrismaService,
  ],
  exports: [PrismaService, DATABASE_URL],
})
export class DatabaseModule {}
