import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import type { AuditRecord } from './audit-record.js';
import { requestDetails, requestFields, type LoggedRequest } from './log-entry.js';
import { LogsRepository } from './logs.repository.js';
import { redact } from './redaction.js';
import { RouteDescriptions } from './route-descriptions.js';
import { tokenEntry } from './token-entries.js';

/** Builds and writes the entries requests leave: sapi / fapi for management writes, token requests' entries. */
@Injectable()
export class LogRecorder {
  constructor(
    private readonly logs: LogsRepository,
    private readonly descriptions: RouteDescriptions,
    private readonly config: AppConfig,
  ) {}

  /** Turns on the capture of changed rows for the rest of the write's transaction. */
  captureChanges(): Promise<void> {
    return this.logs.captureChanges();
  }

  /** sapi: inside the write's transaction, with the rows it changed; after the commit (no changes) for a write that commits on its own. */
  writeSucceeded(request: LoggedRequest, pattern: string, statusCode: number): Promise<void> {
    return this.logs.insert({
      type: 'sapi',
      description: this.descriptions.describe(request.method, pattern),
      ...requestFields(request, this.config.tenantDomain),
      details: { request: requestDetails(request), response: { statusCode } },
    });
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

  /** seccft / feccft / secte / fecte / sertft / fertft for a token request, from what its grant decided or the error it answered. */
  tokenRequested(request: LoggedRequest, statusCode: number, record: AuditRecord | undefined): Promise<void> {
    return this.logs.insert(tokenEntry(request, statusCode, record, this.config.tenantDomain));
  }
}
