import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { badRequest } from '../common/api-error.js';
import { newId } from '../common/ids.js';
import { AppConfig } from '../config/app-config.js';
import { Prisma, type LogStream } from '../generated/prisma/client.js';
import type { CreateLogStreamDto } from './dto/create-log-stream.dto.js';
import { SECRET_SINK_FIELD, sinkClassFor, type LogStreamType } from './dto/log-stream-sinks.js';
import { toLogStreamView, type LogStreamView } from './dto/log-stream.view.js';
import type { UpdateLogStreamDto } from './dto/update-log-stream.dto.js';
import { SECURITY_CATEGORY } from './log-categories.js';
import { logStreamNotFound } from './log-stream-errors.js';
import type { LogStreamFilter, StoredSink } from './log-stream-records.js';
import { LogStreamsRepository, type LogStreamChanges } from './log-streams.repository.js';
import { SealedSecrets } from '../common/sealed-secrets.js';

@Injectable()
export class LogStreamsService {
  constructor(
    private readonly streams: LogStreamsRepository,
    private readonly secrets: SealedSecrets,
    private readonly config: AppConfig,
  ) {}

  async create(dto: CreateLogStreamDto): Promise<LogStreamView> {
    const id = newId('lst');
    const type = dto.type;
    const { sink, secret } = this.split(type, Object.assign(plain(dto.sink), this.generatedSinkFields(type)));
    const row = await this.streams.create({
      id,
      // Auth0 names an unnamed stream itself; ours takes its id (our choice).
      name: dto.name ?? id,
      type,
      sink: sink as unknown as Prisma.InputJsonValue,
      sink_secret: secret,
      is_priority: dto.isPriority ?? false,
      filters: filtersOf(dto.isPriority && !dto.filters?.length ? [{ type: 'category', name: SECURITY_CATEGORY }] : (dto.filters ?? [])),
      ...(dto.pii_config ? { pii_config: plain(dto.pii_config) as Prisma.InputJsonObject } : {}),
    });
    return toLogStreamView(row);
  }

  /** Auth0 answers a plain array, unpaged. */
  async list(): Promise<LogStreamView[]> {
    return (await this.streams.list()).map(toLogStreamView);
  }

  async get(id: string): Promise<LogStreamView> {
    const row = await this.streams.find(id);
    if (!row) throw logStreamNotFound();
    return toLogStreamView(row);
  }

  async update(id: string, dto: UpdateLogStreamDto): Promise<LogStreamView> {
    const row = await this.streams.update(id, (current) => this.changes(current, dto));
    if (!row) throw logStreamNotFound();
    return toLogStreamView(row);
  }

  /** Idempotent: Auth0 answered 204 to deleting a stream already deleted (recorded), as its other deletes. */
  async remove(id: string): Promise<void> {
    await this.streams.delete(id);
  }

  private changes(current: LogStream, dto: UpdateLogStreamDto): LogStreamChanges {
    const changes: LogStreamChanges = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.status !== undefined) changes.status = dto.status;
    if (dto.filters !== undefined) changes.filters = filtersOf(dto.filters);
    if (dto.pii_config === null) changes.pii_config = Prisma.DbNull;
    else if (dto.pii_config !== undefined) changes.pii_config = plain(dto.pii_config) as Prisma.InputJsonObject;
    if (dto.sink !== undefined) {
      const type = current.type as LogStreamType;
      const allowed = sinkFields(type);
      const foreign = Object.keys(withoutUndefined(dto.sink)).filter((key) => !allowed.includes(key));
      if (foreign.length > 0)
        throw badRequest(
          'invalid_body',
          `Payload validation error: 'Additional properties not allowed: ${foreign.join(',')}' on property sink.`,
        );
      // The fields given replace those stored; the others, the secret included, are kept.
      const merged = { ...(current.sink as unknown as StoredSink), ...withoutUndefined(dto.sink) };
      const { sink, secret } = this.split(type, merged);
      changes.sink = sink as unknown as Prisma.InputJsonValue;
      if (secret !== undefined) changes.sink_secret = secret;
    }
    return changes;
  }

  /** The sink as stored and shown, and its secret field (httpAuthorization, ...) sealed apart (never shown). */
  private split(type: LogStreamType, given: object): { sink: StoredSink; secret?: string } {
    const secretField = SECRET_SINK_FIELD[type];
    const { [secretField ?? '']: secretValue, ...rest } = given as Record<string, unknown>;
    const sink = withoutUndefined(secretField ? rest : (given as Record<string, unknown>)) as unknown as StoredSink;
    if (sink.httpCustomHeaders) sink.httpCustomHeaders = sink.httpCustomHeaders.map(({ header, value }) => ({ header, value }));
    return { sink, secret: typeof secretValue === 'string' ? this.secrets.seal(secretValue) : undefined };
  }

  /** What Auth0 makes for an EventBridge or Event Grid stream: the partner source or topic it publishes to. */
  private generatedSinkFields(type: LogStreamType): Record<string, string> {
    const source = `${this.config.tenantDomain.split(':')[0]}-${randomUUID()}`;
    if (type === 'eventbridge') return { awsPartnerEventSource: `aws.partner/auth0.com/${source}/auth0.logs` };
    if (type === 'eventgrid') return { azurePartnerTopic: `auth0-logs-${source}` };
    return {};
  }
}

/** The fields a type's sink has, read from its class's validation rules. */
function sinkFields(type: LogStreamType): string[] {
  return getMetadataStorage()
    .getTargetValidationMetadatas(sinkClassFor(type), '', true, false)
    .map((rule) => rule.propertyName);
}

/** Validated DTOs are class instances; JSON columns take plain values. */
const plain = (value: object): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/** No filters is no `filters` field in Auth0's answer, an emptied list included (recorded). */
function filtersOf(filters: LogStreamFilter[]): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return filters.length === 0 ? Prisma.DbNull : filters.map(({ type, name }) => ({ type, name }));
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
