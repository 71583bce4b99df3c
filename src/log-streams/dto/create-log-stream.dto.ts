import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsString, Length, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { LOG_STREAM_CATEGORIES } from '../log-categories.js';
import { HttpSinkDto } from './http-sink.dto.js';

// Auth0 also has eventbridge, eventgrid, datadog, splunk, sumo, segment and mixpanel streams; this server
// delivers to HTTP endpoints only, so the others are refused as values outside the enum (400).
const LOG_STREAM_TYPES = ['http'] as const;

export class LogStreamFilterDto {
  @ApiProperty({ description: 'Filter type. Currently `category` is the only valid type.', enum: ['category'] })
  @IsString()
  @IsIn(['category'])
  type: 'category';

  @ApiProperty({ description: 'Category group name', enum: LOG_STREAM_CATEGORIES })
  @IsString()
  @IsIn(LOG_STREAM_CATEGORIES)
  name: (typeof LOG_STREAM_CATEGORIES)[number];
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
  type: (typeof LOG_STREAM_TYPES)[number];

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
  @ArrayMaxSize(LOG_STREAM_CATEGORIES.length)
  @ValidateNested({ each: true })
  @Type(() => LogStreamFilterDto)
  filters?: LogStreamFilterDto[];

  @ApiProperty({ type: HttpSinkDto, description: 'Where and how the logs are posted' })
  @IsObject()
  @ValidateNested()
  @Type(() => HttpSinkDto)
  sink: HttpSinkDto;
}
