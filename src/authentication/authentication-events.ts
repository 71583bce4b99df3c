import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { JsonLogger } from '../common/json-logger.js';
import { AppConfig } from '../config/app-config.js';
import { requestDetails } from '../logs/log-entry.js';
import { LogsRepository } from '../logs/logs.repository.js';

/** One outcome of an Authentication API request, filed under Auth0's code (ss, fs, scpr, fcpr). */
interface AuthenticationEvent {
  type: 'ss' | 'fs' | 'scpr' | 'fcpr';
  description: string;
  client_id?: string;
  user_id?: string;
  connection?: string;
  /** What was answered, for a refusal. */
  response?: { statusCode: number; body?: unknown };
}

/**
 * Writes the tenant log entries of sign-ups and password reset requests, once their outcome is
 * known, beside the reply as the token endpoint's are: a log that cannot be written is reported,
 * never turned into the request's error.
 */
@Injectable()
export class AuthenticationEvents {
  constructor(
    private readonly logs: LogsRepository,
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  record(request: FastifyRequest, { type, description, client_id, user_id, connection, response }: AuthenticationEvent): void {
    const entry = {
      type,
      description,
      client_id,
      user_id,
      ip: request.ip,
      user_agent: request.headers['user-agent'],
      hostname: this.config.tenantDomain,
      details: { request: requestDetails(request), connection, ...(response ? { response } : {}) },
    };
    void this.logs.insert(entry).catch((error: unknown) => {
      this.logger.write('error', `tenant log entry not written: ${(error as Error).message}`, { reqId: request.id, path: request.url });
    });
  }
}
