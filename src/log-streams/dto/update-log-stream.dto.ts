import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { NullableType } from '../../common/validation/nullable-type.js';
import { CreateLogStreamDto } from './create-log-stream.dto.js';
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

// A person may pause a stream or resume it; `suspended` is the server's verdict, never asked for.
const SETTABLE_STATUSES = ['active', 'paused'] as const;

/**
 * The sink fields to change; those left out keep their values. The body does not say the stream's
 * type, so any type's fields pass here and the service refuses those of another type.
 */
class SinkPatchDto extends PartialType(
  IntersectionType(
    HttpSinkDto,
    EventBridgeSinkDto,
    EventGridSinkDto,
    DatadogSinkDto,
    SplunkSinkDto,
    SumoSinkDto,
    SegmentSinkDto,
    MixpanelSinkDto,
  ),
  { skipNullProperties: false },
) {}

/**
 * Auth0 lets the name, the status, the filters, the sink and the PII settings change; the type and the
 * priority stay. `isPriority` is taken and left as it was, as Auth0 does (Terraform sends it back).
 */
@MinProperties(1)
// `pii_config: null` removes the PII settings (v7 UpdateLogStreamRequestContent).
export class UpdateLogStreamDto extends NullableType(
  PartialType(PickType(CreateLogStreamDto, ['name', 'isPriority', 'filters', 'pii_config']), { skipNullProperties: false }),
  ['pii_config'],
) {
  @ApiProperty({ enum: SETTABLE_STATUSES, required: false })
  @IfPresent()
  @IsString()
  @IsIn(SETTABLE_STATUSES)
  status?: (typeof SETTABLE_STATUSES)[number];

  @ApiProperty({ type: SinkPatchDto, required: false, description: 'Where and how the logs are posted' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => SinkPatchDto)
  sink?: SinkPatchDto;
}
