import { Controller, Get, Module } from '@nestjs/common';
import { Public } from '../../src/auth/public.decorator.js';
import { Scopes } from '../../src/auth/scopes.decorator.js';

/** Routes that exist only in tests, mounted beside AppModule to probe the global pipeline. */
@Controller('test-only')
class TestOnlyController {
  /** Forgot @Scopes() and @Public(): must be refused to everyone. */
  @Get('undeclared')
  undeclared(): { reached: true } {
    return { reached: true };
  }

  @Get('several')
  @Scopes('read:organizations', 'read:client_grants', 'read:organization_client_grants')
  several(): { reached: true } {
    return { reached: true };
  }

  @Get('public')
  @Public()
  open(): { reached: true } {
    return { reached: true };
  }

  /** A bug in a handler, carrying details that must never reach the client. */
  @Get('crash')
  @Public()
  crash(): never {
    throw new Error('connect to postgresql://admin:s3cret@db.internal failed in TokenVault.decrypt');
  }
}

@Module({ controllers: [TestOnlyController] })
export class TestOnlyModule {}
