import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import supertest from 'supertest';
import { AppModule } from '../../src/app.module.js';
import { loadConfig } from '../../src/config/app-config.js';
import { configureApp, createAdapter } from '../../src/app.setup.js';
import { JsonLogger } from '../../src/common/json-logger.js';
import type { LogLevel } from '../../src/config/env.schema.js';
import { PrismaService } from '../../src/database/prisma.service.js';
import { createTestDatabase, dropTestDatabase } from './test-database.js';
import { TokenSigner } from './token-signer.js';
import { Factories } from './factories.js';

const TEST_DOMAIN = 'tenant.test';
export const ISSUER = `https://${TEST_DOMAIN}/`;
export const AUDIENCE = `https://${TEST_DOMAIN}/api/v2/`;

export interface TestApp {
  app: NestFastifyApplication;
  api: ReturnType<typeof supertest>;
  prisma: PrismaService;
  tokens: TokenSigner;
  factories: Factories;
  databaseUrl: string;
  dataDir: string;
  /** A valid bearer header carrying the given scopes. */
  bearer(scope: string, options?: { azp?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * The production pipeline (AppModule with its guards, pipe and filter, on the Fastify adapter)
 * against a database of its own, trusting a test JWKS.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { imports?: Type[]; tokens?: TokenSigner; databaseUrl?: string } = {},
): Promise<TestApp> {
  // Two apps in one process must share the issuer: passport keeps one global 'jwt' strategy, the last registered.
  const tokens = options.tokens ?? new TokenSigner(ISSUER, AUDIENCE);
  if (!options.tokens) await tokens.start();
  // A second instance on another app's database (multi-instance tests) leaves dropping it to the owner.
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  // The bootstrap admin's credentials file goes here, not into the working tree.
  const dataDir = await mkdtemp(join(tmpdir(), 'tma-data-'));
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    TENANT_DOMAIN: TEST_DOMAIN,
    JWKS_URI: tokens.jwksUri,
    LOG_LEVEL: 'error',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    // Own Redis keys per app, so parallel spec files and runs never share a bucket.
    RATE_LIMIT_KEY_PREFIX: `tma-test:${randomBytes(6).toString('hex')}:`,
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule, ...(options.imports ?? [])] }).compile();
  const logger = new JsonLogger((env.LOG_LEVEL as LogLevel | undefined) ?? 'error');
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createAdapter({ trustProxy: loadConfig(process.env).trustProxy }), {
    logger,
  });
  await configureApp(app, logger);
  const prisma = app.get(PrismaService);
  return {
    app,
    api: supertest(app.getHttpServer()),
    prisma,
    tokens,
    factories: new Factories(prisma),
    databaseUrl,
    dataDir,
    bearer: async (scope, options) => `Bearer ${await tokens.sign({ scope, azp: options?.azp })}`,
    close: async () => {
      await app.close();
      if (!options.tokens) await tokens.stop();
      if (!options.databaseUrl) await dropTestDatabase(databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
