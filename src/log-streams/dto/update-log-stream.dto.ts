import { ApiProperty, PartialType, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { CreateLogStreamDto } from './create-log-stream.dto.js';
import { HttpSinkDto } from './http-sink.dto.js';

// A person may pause a stream or resume it; `suspended` is the server's verdict, never asked for.
const SETTABLE_STATUSES = ['active', 'paused'] as const;

/** The sink fields to change; those left out keep their values. */
class HttpSinkPatchDto extends PartialType(HttpSinkDto, { skipNullProperties: false }) {}

/** Auth0 lets the name, the status, the filters and the sink change; the type and the priority stay. */
@MinProperties(1)
export class UpdateLogStreamDto extends PartialType(PickType(CreateLogStreamDto, ['name', 'filters']), { skipNullProperties: false }) {
  @ApiProperty({ enum: SETTABLE_STATUSES, required: false })
  @IfPresent()
  @IsString()
  @IsIn(SETTABLE_STATUSES)
  status?: (typeof SETTABLE_STATUSES)[number];

  @ApiProperty({ type: HttpSinkPatchDto, required: false, description: 'Where and how the logs are posted' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => HttpSinkPatchDto)
  sink?: HttpSinkPatchDto;
}
