import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { API_PREFIX, configureApp, createAdapter } from './app.setup.js';
import { JsonLogger } from './common/json-logger.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';

const SHUTDOWN_TIMEOUT_MS = 20_000;

async function bootstrap(config: AppConfig, logger: JsonLogger): Promise<void> {
  const https = config.tls ? { cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) } : undefined;
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createAdapter(https), { logger, abortOnError: false });
  await configureApp(app, logger);
  await app.listen(config.port, '0.0.0.0');
  logger.write('info', `listening on ${https ? 'https' : 'http'}://localhost:${config.port}/${API_PREFIX}`);
  handleSignals(app, logger);
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the pool and the embedded database. */
function handleSignals(app: NestFastifyApplication, logger: JsonLogger): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.write('info', `${signal} received, shutting down`);
    setTimeout(() => {
      logger.write('error', 'shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // The server stops listening at once, but a keep-alive connection whose request was in
    // flight would then idle for keepAliveTimeout (72 s) and hold the shutdown; close each
    // one as soon as its response is out.
    const server = app.getHttpServer() as { closeIdleConnections(): void };
    setInterval(() => server.closeIdleConnections(), 50).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.write('error', `shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

let config: AppConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
const logger = new JsonLogger(config.logLevel);
bootstrap(config, logger).catch((error: unknown) => {
  logger.write('error', `boot failed: ${(error as Error).message}`, { stack: (error as Error).stack });
  process.exit(1);
});
