import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from '../database/database-url.js';

/** A rotation committed by any instance; the payload is the new kid. */
export const ROTATED_CHANNEL = 'tma_signing_key_rotated';
/** An instance has reloaded its keys after a rotation; the payload is `<kid> <instance id>`. */
const RELOADED_CHANNEL = 'tma_signing_key_reloaded';
/** The listener sessions' application_name, counted by a rotation to know how many confirmations to await. */
export const LISTENER_APPLICATION_NAME = 'tma-signing-keys';
const RECONNECT_DELAY_MS = 1_000;
const SHUTDOWN_WAIT_MS = 1_000;

/**
 * Every instance's line to the others about signing keys: one PostgreSQL session per instance,
 * LISTENing for rotations (the database stays the source of truth; a notification only says
 * "reload now") and for the other instances' confirmations that they have reloaded.
 */
@Injectable()
export class SigningKeyChanges implements OnApplicationShutdown {
  private readonly logger = new Logger(SigningKeyChanges.name);
  private readonly instanceId = randomBytes(8).toString('hex');
  private client?: pg.Client;
  private stopped = false;
  /** Set from the first failure to the next connection, so an outage is logged once each way. */
  private interrupted = false;
  private onRotated: (kid: string) => Promise<void> = () => Promise.resolve();
  private onListening: () => Promise<void> = () => Promise.resolve();
  private readonly confirmations = new Map<string, { instances: Set<string>; expected: number; done: () => void }>();

  constructor(
    @Inject(DATABASE_URL) private readonly url: string,
    private readonly config: AppConfig,
  ) {}

  /** True while notifications are being received, so the caller may trust its cache. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /**
   * Starts listening. `onRotated` reloads the keys (this instance's confirmation is sent once it
   * resolves); `onListening` runs after every (re)connection, for what was missed while disconnected.
   */
  async start(onRotated: (kid: string) => Promise<void>, onListening: () => Promise<void>): Promise<void> {
    this.onRotated = onRotated;
    this.onListening = onListening;
    await this.connect();
  }

  /**
   * Collects the confirmations that instances have reloaded after the rotation to `kid`. Call it
   * before the rotation commits, then `wait` for as many as the rotation counted listeners (false
   * after `timeoutMs`).
   */
  collectReloads(kid: string): { wait(expected: number, timeoutMs: number): Promise<boolean>; cancel(): void } {
    const entry = { instances: new Set<string>(), expected: Infinity, done: (): void => undefined };
    this.confirmations.set(kid, entry);
    const cancel = (): void => void this.confirmations.delete(kid);
    return {
      cancel,
      wait: (expected, timeoutMs) => {
        let timer: NodeJS.Timeout | undefined;
        return new Promise<boolean>((resolve) => {
          entry.expected = expected;
          entry.done = () => resolve(true);
          if (entry.instances.size >= expected) resolve(true);
          timer = setTimeout(() => resolve(false), timeoutMs);
        }).finally(() => {
          clearTimeout(timer);
          cancel();
        });
      },
    };
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.config.databaseConnectTimeoutMs,
      keepAlive: true,
    });
    let gone = false;
    const drop = (error?: Error): void => {
      if (gone) return;
      gone = true;
      this.lost(client, error);
    };
    client.on('notification', (message) => this.handle(message.channel, message.payload ?? ''));
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${ROTATED_CHANNEL}`);
      await client.query(`LISTEN ${RELOADED_CHANNEL}`);
      // Named only once listening: a rotation counts this session and so expects its confirmation.
      await client.query(`SET application_name = '${LISTENER_APPLICATION_NAME}'`);
    } catch (error) {
      drop(error as Error);
      return;
    }
    this.client = client;
    if (this.interrupted) this.logger.warn('signing key notifications resumed');
    this.interrupted = false;
    try {
      await this.onListening();
    } catch (error) {
      // Not caught up: not to be trusted as listening either; the next connection tries again.
      drop(error as Error);
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    if (!this.interrupted) {
      this.logger.warn(
        `signing key notifications interrupted${error ? ` (${error.message})` : ''}: keys are reread when a second old until they resume`,
      );
    }
    this.interrupted = true;
    setTimeout(() => void this.connect(), RECONNECT_DELAY_MS).unref();
  }

  private handle(channel: string, payload: string): void {
    if (channel === ROTATED_CHANNEL) {
      void this.onRotated(payload)
        .then(() => this.client?.query('SELECT pg_notify($1, $2)', [RELOADED_CHANNEL, `${payload} ${this.instanceId}`]))
        .catch((error: unknown) => this.logger.warn(`reload after a rotation failed: ${(error as Error).message}`));
      return;
    }
    const [kid, instance] = payload.split(' ');
    const entry = this.confirmations.get(kid);
    if (!entry || !instance) return;
    entry.instances.add(instance);
    if (entry.instances.size >= entry.expected) entry.done();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      // Bounded: a frozen server never acknowledges the goodbye.
      await Promise.race([client.end().catch(() => undefined), sleep(SHUTDOWN_WAIT_MS, undefined, { ref: false })]);
    }
  }
}
