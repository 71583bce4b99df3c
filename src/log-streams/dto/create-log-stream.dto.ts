import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsString, Length, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { FILTER_CATEGORIES } from '../log-categories.js';
import { HttpSinkDto } from './http-sink.dto.js';
import { LOG_STREAM_TYPES, sinkClassFor, type LogStreamType } from './log-stream-sinks.js';
import { PiiConfigDto } from './pii-config.dto.js';

export class LogStreamFilterDto {
  @ApiProperty({ description: 'Filter type. Currently `category` is the only valid type.', enum: ['category'] })
  @IsString()
  @IsIn(['category'])
  type: 'category';

  @ApiProperty({ description: 'Category group name', enum: FILTER_CATEGORIES })
  @IsString()
  @IsIn(FILTER_CATEGORIES)
  name: (typeof FILTER_CATEGORIES)[number];
}

export class CreateLogStreamDto {
  @ApiProperty({ description: 'log stream name', required: false })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  name?: string;

  @ApiProperty({ enum: LOG_STREAM_TYPES })
  @IsString()
  @IsIn(LOG_STREAM_TYPES)
  type: LogStreamType;

  @ApiProperty({ description: 'True for priority log streams, false for non-priority', required: false })
  @IfPresent()
  @IsBoolean()
  isPriority?: boolean;

  @ApiProperty({
    description:
      'Only logs events matching these filters will be delivered by the stream. If omitted or empty, all events will be delivered.',
    type: [LogStreamFilterDto],
    required: false,
  })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(FILTER_CATEGORIES.length)
  @ValidateNested({ each: true })
  @Type(() => LogStreamFilterDto)
  filters?: LogStreamFilterDto[];

  @ApiProperty({ description: 'Which personal fields of the logs are masked or hashed (stored, no effect yet)' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => PiiConfigDto)
  pii_config?: PiiConfigDto;

  // Each type has its own sink (Auth0's oneOf), chosen by `type`; only `http` sinks are delivered to by
  // this server. Typed (and documented) as the http sink, the one the document describes.
  @ApiProperty({ type: HttpSinkDto, description: 'Where and how the logs are posted' })
  @IsObject()
  @ValidateNested()
  @Type(({ object } = { object: {}, newObject: {}, property: '' }) => sinkClassFor((object as { type?: unknown }).type))
  sink: HttpSinkDto;
}
