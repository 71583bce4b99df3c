import type { HttpContentFormat } from './dto/http-sink.dto.js';

export const LOG_STREAM_STATUSES = ['active', 'paused', 'suspended'] as const;

export interface LogStreamFilter {
  type: 'category';
  name: string;
}

/** log_streams.sink: the sink as given, without its secret field (kept apart in sink_secret); an http sink's shape here. */
export interface StoredSink {
  httpEndpoint: string;
  httpContentType?: string;
  httpContentFormat?: HttpContentFormat;
  httpCustomHeaders?: { header: string; value: string }[];
}
