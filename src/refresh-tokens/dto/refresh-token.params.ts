import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CheckpointPaginationQuery, OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';

export class RefreshTokenIdParams {
  @ApiProperty({ description: 'ID of the refresh token.' })
  @IsString()
  @MaxLength(100)
  id: string;
}

/** Checkpoint pagination; the SDK also sends include_totals, which Auth0 takes and this list ignores. */
export class UserRefreshTokensQuery extends IntersectionType(
  CheckpointPaginationQuery,
  PickType(OffsetPaginationQuery, ['include_totals']),
) {}
