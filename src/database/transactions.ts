import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterPrisma } from '@nestjs-cls/transactional-adapter-prisma';
import { DatabaseModule } from './database.module.js';
import { PrismaService } from './prisma.service.js';

/**
 * Repositories inject `TransactionHost<PrismaTx>` (@nestjs-cls/transactional) to reach the
 * database: its `tx` is the open transaction's client inside one (every management write runs in
 * one, see ManagementWritesInterceptor) and PrismaService outside, so a repository's statements
 * join the write's transaction without being told.
 */
export type PrismaTx = TransactionalAdapterPrisma<PrismaService>;

export const transactionsPlugin = new ClsPluginTransactional({
  imports: [DatabaseModule],
  adapter: new TransactionalAdapterPrisma({ prismaInjectionToken: PrismaService, sqlFlavor: 'postgresql' }),
});
