import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { ClientsRepository } from './clients.repository.js';

// Deleting a client or its management grant must lock its tokens out within seconds (contract:
// "Client is not global"); 2 s keeps that well inside 5 s at one small query per instance.
const REFRESH_INTERVAL_MS = 2_000;

/**
 * Which clients may call this API with a token we issued: those that exist and hold a grant
 * for the management audience. Answered from memory, refreshed every 2 s, so a request costs no
 * database round trip. A client missing from the snapshot (say, created on another instance
 * since the last refresh) is looked up once per refresh period, so a fresh client is never
 * refused while a deleted one costs at most one query per period.
 */
@Injectable()
export class GlobalClients implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(GlobalClients.name);
  private allowed = new Set<string>();
  private readonly lookups = new Map<string, Promise<boolean>>();
  private timer?: NodeJS.Timeout;
  // A snapshot only replaces a newer one's result if it was started later (see refresh()).
  private started = 0;
  private applied = 0;

  constructor(
    private readonly clients: ClientsRepository,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) => this.logger.warn(`client snapshot refresh failed: ${(error as Error).message}`));
    }, REFRESH_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async isGlobal(clientId: string): Promise<boolean> {
    if (this.allowed.has(clientId)) return true;
    let lookup = this.lookups.get(clientId);
    if (!lookup) {
      lookup = this.query(clientId).then((ids) => ids.length > 0);
      this.lookups.set(clientId, lookup);
      lookup.catch(() => this.lookups.delete(clientId));
    }
    return lookup;
  }

  /** After a client or grant is deleted here: forget it now, then reload from the committed state. */
  async revoke(clientId: string): Promise<void> {
    this.allowed.delete(clientId);
    this.lookups.delete(clientId);
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const sequence = ++this.started;
    const ids = await this.query();
    // An older refresh finishing after a newer one (a revoke's) must not bring a deleted client back.
    if (sequence < this.applied) return;
    this.applied = sequence;
    this.allowed = new Set(ids);
    this.lookups.clear();
  }

  private query(clientId?: string): Promise<string[]> {
    return this.clients.withGrantFor(this.config.tokenAudience, clientId);
  }
}
