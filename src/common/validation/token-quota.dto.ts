import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { IfPresent } from './auth0-validators.js';

// Auth0's token quota, one type for organizations and clients: stored and returned, not enforced here.

/** Auth0 types per_day and per_hour as 32-bit integers of at least one. */
const MAX_QUOTA = 2147483647;

class TokenQuotaClientCredentialsDto {
  @ApiProperty({
    description:
      'If enabled, the quota will be enforced and requests in excess of the quota will fail. If disabled, the quota will not be enforced, but notifications for requests exceeding the quota will be available in logs.',
  })
  @IfPresent()
  @IsBoolean()
  enforce?: boolean;

  @ApiProperty({ description: 'Maximum number of issued tokens per day' })
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(MAX_QUOTA)
  per_day?: number;

  @ApiProperty({ description: 'Maximum number of issued tokens per hour' })
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(MAX_QUOTA)
  per_hour?: number;
}

export class TokenQuotaDto {
  @ApiProperty({ description: 'The token quota configuration' })
  @IsObject()
  @ValidateNested()
  @Type(() => TokenQuotaClientCredentialsDto)
  client_credentials: TokenQuotaClientCredentialsDto;
}
