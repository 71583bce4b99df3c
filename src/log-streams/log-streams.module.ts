import { Module } from '@nestjs/common';
import { LogStreamDelivery } from './delivery/log-stream-delivery.service.js';
import { LogStreamDeliveryRepository } from './delivery/log-stream-delivery.repository.js';
import { LogStreamsController } from './log-streams.controller.js';
import { LogStreamsRepository } from './log-streams.repository.js';
import { LogStreamsService } from './log-streams.service.js';

/** Log streams: their management API, and the delivery of tenant log entries to their sinks. */
@Module({
  controllers: [LogStreamsController],
  providers: [LogStreamsService, LogStreamsRepository, LogStreamDelivery, LogStreamDeliveryRepository],
})
export class LogStreamsModule {}
