import { ApiProperty } from '@nestjs/swagger';
import type { LogStream } from '../../generated/prisma/client.js';
import { LOG_STREAM_STATUSES, type LogStreamFilter, type StoredSink } from '../log-stream-records.js';
import { LogStreamFilterDto } from './create-log-stream.dto.js';
import { LOG_STREAM_TYPES } from './log-stream-sinks.js';
import { PiiConfigDto } from './pii-config.dto.js';

/** A stream as the API returns it: Auth0's shape, the sink without httpAuthorization (write-only, as Auth0's). */
export class LogStreamView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: LOG_STREAM_TYPES }) type: string;
  @ApiProperty({ enum: LOG_STREAM_STATUSES }) status: string;
  @ApiProperty() isPriority: boolean;
  @ApiProperty({ type: [LogStreamFilterDto], required: false }) filters?: LogStreamFilter[];
  @ApiProperty({ type: PiiConfigDto, required: false }) pii_config?: PiiConfigDto;
  @ApiProperty({ type: 'object', additionalProperties: true }) sink: StoredSink;
}

// Auth0 shows a Mixpanel password as this mask; an http sink's Authorization it leaves out.
const MASKED = '********';

export function toLogStreamView(row: LogStream): LogStreamView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    isPriority: row.is_priority,
    ...(row.filters === null ? {} : { filters: row.filters as unknown as LogStreamFilter[] }),
    ...(row.pii_config === null ? {} : { pii_config: row.pii_config as unknown as PiiConfigDto }),
    sink:
      row.type === 'mixpanel' && row.sink_secret
        ? ({ ...(row.sink as object), mixpanelServiceAccountPassword: MASKED } as unknown as StoredSink)
        : (row.sink as unknown as StoredSink),
  };
}
