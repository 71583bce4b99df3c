import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { AppConfig } from '../config/app-config.js';
import { requestDetails, requestFields, type LoggedRequest, type NewLogEntry } from './log-entry.js';
import { LogsRepository } from './logs.repository.js';
import { redact } from './redaction.js';
import type { SapiEntry } from './sapi-entry.js';
import { RouteDescriptions } from './route-descriptions.js';
import { tokenEntry } from './token-entries.js';

/** Builds and writes the entries requests leave: sapi / fapi for management writes, token exchanges. */
@Injectable()
export class LogRecorder {
  constructor(
    private readonly logs: LogsRepository,
    private readonly descriptions: RouteDescriptions,
    private readonly config: AppConfig,
  ) {}

  /** The sapi INSERT of a write's own transaction (its captured changes included), sent with its COMMIT. */
  successStatement(request: LoggedRequest, pattern: string, statusCode: number, client: pg.PoolClient): string {
    return this.logs.insertStatement(client, this.success(request, pattern, statusCode));
  }

  /** The sapi entry a self-logging statement inserts (sapi-entry.ts), built before the handler runs. */
  sapiEntry(request: LoggedRequest, pattern: string, statusCode: number): SapiEntry {
    return this.logs.sapiEntry(this.success(request, pattern, statusCode));
  }

  /** sapi on its own, after a write that committed by itself. */
  writeSucceeded(request: LoggedRequest, pattern: string, statusCode: number): Promise<void> {
    return this.logs.insert(this.success(request, pattern, statusCode));
  }

  /** sapi on its own, for a self-logging write whose statement changed nothing (or never ran). */
  writeUnchanged(request: LoggedRequest, pattern: string, statusCode: number): Promise<void> {
    const entry = this.success(request, pattern, statusCode);
    return this.logs.insert({ ...entry, details: { ...entry.details, changes: [], changes_total: 0 } });
  }

  private success(request: LoggedRequest, pattern: string, statusCode: number): NewLogEntry {
    return {
      type: 'sapi',
      description: this.descriptions.describe(request.method, pattern),
      ...requestFields(request, this.config.tenantDomain),
      details: { request: requestDetails(request), response: { statusCode } },
    };
  }

  /** fapi, on its own: whatever the write did was rolled back (or never started). */
  writeFailed(request: LoggedRequest, pattern: string, statusCode: number, body: unknown): Promise<void> {
    return this.logs.insert({
      type: 'fapi',
      description: this.descriptions.describe(request.method, pattern),
      ...requestFields(request, this.config.tenantDomain),
      details: { request: requestDetails(request), response: { statusCode, body: redact(body) } },
    });
  }

  /** seccft / feccft / secte / fecte for a token request, from its outcome. */
  tokenRequested(request: LoggedRequest, statusCode: number, body: unknown): Promise<void> {
    return this.logs.insert(tokenEntry(request, statusCode, body, this.config.tenantDomain));
  }
}
