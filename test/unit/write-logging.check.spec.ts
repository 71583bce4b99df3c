import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Controller, Delete, Get, Patch, Post, UseInterceptors, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Public } from '../../src/auth/public.decorator.js';
import { PrismaService } from '../../src/database/prisma.service.js';
import { LogRecorder } from '../../src/logs/log-recorder.js';
import { LoggedSapi, LoggedWrite } from '../../src/logs/logged-write.decorators.js';
import { ManagementWritesInterceptor } from '../../src/logs/management-writes.interceptor.js';
import { SapiEntry } from '../../src/logs/sapi-entry.js';
import { WriteLoggingCheck } from '../../src/logs/write-logging.check.js';

@Controller('things')
class MarkedController {
  @Get()
  list(): string[] {
    return [];
  }

  @Post()
  @LoggedWrite()
  create(): string {
    return 'created';
  }

  @Delete(':id')
  remove(@LoggedSapi() entry: SapiEntry): boolean {
    return entry.pending;
  }
}

@Controller('open')
class PublicWriteController {
  @Post('token')
  @Public()
  token(): string {
    return 'token';
  }
}

@Controller('unmarked')
class UnmarkedWriteController {
  @Patch(':id')
  update(): string {
    return 'updated';
  }
}

@Controller('twice')
class TwiceMarkedController {
  @Delete(':id')
  @LoggedWrite()
  remove(@LoggedSapi() entry: SapiEntry): boolean {
    return entry.pending;
  }
}

@Controller('read')
class LoggedReadController {
  @Get()
  @LoggedWrite()
  read(): string[] {
    return [];
  }
}

@Controller('bound-to-all')
@UseInterceptors(ManagementWritesInterceptor)
class ClassBoundController {
  @Get()
  read(): string[] {
    return [];
  }

  @Post()
  create(): string {
    return 'created';
  }
}

/** Runs the check over the given controllers, as the service's boot does over its own. */
async function check(...controllers: Type[]): Promise<void> {
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule],
    controllers,
    providers: [
      WriteLoggingCheck,
      // Only so Nest can create the interceptor and pipe the decorators name; the check never calls them.
      { provide: PrismaService, useValue: {} },
      { provide: LogRecorder, useValue: {} },
    ],
  }).compile();
  try {
    moduleRef.get(WriteLoggingCheck).onModuleInit();
  } finally {
    await moduleRef.close();
  }
}

describe('WriteLoggingCheck', () => {
  it('accepts writes marked once, unmarked reads and public writes', async () => {
    await check(MarkedController, PublicWriteController);
  });

  it('refuses to boot with a management write that nothing logs', async () => {
    await assert.rejects(
      check(MarkedController, UnmarkedWriteController),
      /exactly one of @LoggedWrite\(\) or a @LoggedSapi\(\).*PATCH \/api\/v2\/unmarked\/:id$/,
    );
  });

  it('refuses a write marked both ways, which would log it twice', async () => {
    await assert.rejects(check(TwiceMarkedController), /DELETE \/api\/v2\/twice\/:id$/);
  });

  it('refuses @LoggedWrite() on a read, which would open a logged transaction for it', async () => {
    await assert.rejects(check(LoggedReadController), /GET \/api\/v2\/read$/);
  });

  it('refuses the interceptor bound to a whole controller, which puts its reads in logged transactions', async () => {
    await assert.rejects(check(ClassBoundController), /: GET \/api\/v2\/bound-to-all$/);
  });
});
