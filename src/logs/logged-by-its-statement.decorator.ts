import { SetMetadata } from '@nestjs/common';

export const LOGGED_BY_ITS_STATEMENT = 'tenant-log:logged-by-its-statement';

/**
 * The handler's write is a single statement that inserts its own sapi entry
 * (PrismaService.sqlLogged with tenant_log_write_entry): one autocommit round trip instead of a
 * request transaction's three, as atomic. For the hot operations only; any other statement the
 * handler makes runs on its own, outside the entry's transaction.
 */
export const LoggedByItsStatement = (): MethodDecorator => SetMetadata(LOGGED_BY_ITS_STATEMENT, true);
