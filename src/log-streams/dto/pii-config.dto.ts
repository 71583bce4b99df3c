import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';

const PII_LOG_FIELDS = ['first_name', 'last_name', 'username', 'email', 'phone', 'address'] as const;
const PII_METHODS = ['mask', 'hash'] as const;
const PII_ALGORITHMS = ['xxhash'] as const;

/** Which personal fields of a log entry a stream masks or hashes (stored, no effect yet). */
export class PiiConfigDto {
  @ApiProperty({ enum: PII_LOG_FIELDS, isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(PII_LOG_FIELDS.length)
  @IsString({ each: true })
  @IsIn(PII_LOG_FIELDS, { each: true })
  log_fields: (typeof PII_LOG_FIELDS)[number][];

  @ApiProperty({ enum: PII_METHODS, required: false })
  @IfPresent()
  @IsString()
  @IsIn(PII_METHODS)
  method?: (typeof PII_METHODS)[number];

  @ApiProperty({ enum: PII_ALGORITHMS, required: false })
  @IfPresent()
  @IsString()
  @IsIn(PII_ALGORITHMS)
  algorithm?: (typeof PII_ALGORITHMS)[number];
}
