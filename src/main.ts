import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { configureApp, createAdapter } from './app.setup.js';
import { ConnectionDrain } from './common/connection-drain.js';
import { JsonLogger } from './common/json-logger.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';
import { API_PREFIX } from './routes.js';

const SHUTDOWN_TIMEOUT_MS = 20_000;

async function bootstrap(config: AppConfig, logger: JsonLogger): Promise<void> {
  const https = config.tls ? { cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) } : undefined;
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createAdapter({ https, trustProxy: config.trustProxy }), {
    logger,
    abortOnError: false,
  });
  await configureApp(app, logger);
  await app.listen(config.port, '0.0.0.0');
  // Before the line that tells a supervisor (or a test) the server is up, so a signal sent on seeing it is handled.
  handleSignals(app, config, logger);
  logger.write('info', `listening on ${https ? 'https' : 'http'}://localhost:${config.port}/${API_PREFIX}`, {
    node: process.version,
    nodeFlags: process.execArgv,
  });
}

/**
 * SIGTERM: readiness fails at once while the instance keeps serving, every response with
 * `Connection: close`, for SHUTDOWN_DRAIN_DELAY_MS (the load balancer's health check takes it out
 * meanwhile); then it stops accepting, lets received requests finish (answering later ones 503),
 * drops stalled uploads and idle connections, and closes the pool and the embedded database.
 * SIGINT (Ctrl-C: a person, no load balancer to wait for), or a second signal, skips the window.
 */
function handleSignals(app: NestFastifyApplication, config: AppConfig, logger: JsonLogger): void {
  const drain = app.get(ConnectionDrain);
  let window: NodeJS.Timeout | undefined;
  let closing = false;
  const close = (): void => {
    if (closing) return;
    closing = true;
    clearTimeout(window);
    logger.write('info', 'closing the listener');
    setTimeout(() => {
      logger.write('error', 'shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // Without this, a keep-alive connection would idle for its timeout and an upload that never
    // finishes would hold the shutdown until the 20 s limit.
    drain.start(app.getHttpServer());
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.write('error', `shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  const stop = (signal: string): void => {
    if (drain.isLeaving) {
      close();
      return;
    }
    const delayMs = signal === 'SIGTERM' ? config.shutdownDrainDelayMs : 0;
    logger.write('info', `${signal} received, shutting down`, { drainDelayMs: delayMs });
    drain.leave();
    if (delayMs === 0) close();
    else window = setTimeout(close, delayMs);
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
  const failure = error instanceof Error ? error : new Error(String(error));
  // One clear line for the operator; the stack only when they asked for detail (LOG_LEVEL=debug).
  logger.write('error', `boot failed: ${failure.message}`);
  logger.write('debug', 'boot failure stack', { stack: failure.stack });
  process.exit(1);
});
