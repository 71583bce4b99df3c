import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import type { LogStream, Prisma } from '../generated/prisma/client.js';
import type { CreateLogStreamDto } from './dto/create-log-stream.dto.js';
import type { HttpSinkDto } from './dto/http-sink.dto.js';
import { toLogStreamView, type LogStreamView } from './dto/log-stream.view.js';
import type { UpdateLogStreamDto } from './dto/update-log-stream.dto.js';
import { logStreamNotFound } from './log-stream-errors.js';
import type { LogStreamFilter, StoredSink } from './log-stream-records.js';
import { LogStreamsRepository, type LogStreamChanges } from './log-streams.repository.js';
import { SealedSecrets } from '../common/sealed-secrets.js';

@Injectable()
export class LogStreamsService {
  constructor(
    private readonly streams: LogStreamsRepository,
    private readonly secrets: SealedSecrets,
  ) {}

  async create(dto: CreateLogStreamDto): Promise<LogStreamView> {
    const id = newId('lst');
    const { sink, secret } = this.split(dto.sink);
    const row = await this.streams.create({
      id,
      // Auth0 names an unnamed stream itself; ours takes its id (our choice).
      name: dto.name ?? id,
      type: dto.type,
      sink: sink as unknown as Prisma.InputJsonValue,
      sink_secret: secret,
      is_priority: dto.isPriority ?? false,
      ...(dto.filters ? { filters: filtersOf(dto.filters) } : {}),
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

  async remove(id: string): Promise<void> {
    if (!(await this.streams.delete(id))) throw logStreamNotFound();
  }

  private changes(current: LogStream, dto: UpdateLogStreamDto): LogStreamChanges {
    const changes: LogStreamChanges = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.status !== undefined) changes.status = dto.status;
    if (dto.filters !== undefined) changes.filters = filtersOf(dto.filters);
    if (dto.sink !== undefined) {
      // The fields given replace those stored; the others, the secret included, are kept.
      const merged = { ...(current.sink as unknown as StoredSink), ...withoutUndefined(dto.sink) };
      const { sink, secret } = this.split(merged);
      changes.sink = sink as unknown as Prisma.InputJsonValue;
      if (secret !== undefined) changes.sink_secret = secret;
    }
    return changes;
  }

  /** The sink as stored and shown, and its httpAuthorization sealed apart (never shown). */
  private split(given: HttpSinkDto): { sink: StoredSink; secret?: string } {
    const { httpAuthorization, ...rest } = given;
    const sink = withoutUndefined(rest) as StoredSink;
    if (sink.httpCustomHeaders) sink.httpCustomHeaders = sink.httpCustomHeaders.map(({ header, value }) => ({ header, value }));
    return { sink, secret: httpAuthorization === undefined ? undefined : this.secrets.seal(httpAuthorization) };
  }
}

function filtersOf(filters: LogStreamFilter[]): Prisma.InputJsonValue {
  return filters.map(({ type, name }) => ({ type, name }));
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
