import type { Type } from '@nestjs/common';
import { HttpSinkDto } from './http-sink.dto.js';
import {
  DatadogSinkDto,
  EventBridgeSinkDto,
  EventGridSinkDto,
  MixpanelSinkDto,
  SegmentSinkDto,
  SplunkSinkDto,
  SumoSinkDto,
} from './other-sinks.dto.js';

/** Each stream type Auth0 has and the class of its sink. */
export const SINK_CLASSES = {
  http: HttpSinkDto,
  eventbridge: EventBridgeSinkDto,
  eventgrid: EventGridSinkDto,
  datadog: DatadogSinkDto,
  splunk: SplunkSinkDto,
  sumo: SumoSinkDto,
  segment: SegmentSinkDto,
  mixpanel: MixpanelSinkDto,
} as const;

export type LogStreamType = keyof typeof SINK_CLASSES;
export const LOG_STREAM_TYPES = Object.keys(SINK_CLASSES) as LogStreamType[];

/** The sink class for a body's `type`; an unknown type (refused by its own rule) validates as http. */
export const sinkClassFor = (type: unknown): Type<object> => (SINK_CLASSES as Record<string, Type<object>>)[String(type)] ?? HttpSinkDto;

/** The sink field each type keeps apart, sealed, and never shows in the clear. */
export const SECRET_SINK_FIELD: Partial<Record<LogStreamType, string>> = {
  http: 'httpAuthorization',
  mixpanel: 'mixpanelServiceAccountPassword',
};
