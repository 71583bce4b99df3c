import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CheckpointPaginationQuery, OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';

export class RefreshTokenIdParams {
  @ApiProperty({ description: 'ID of the refresh token.' })
  @IsString()
  @MaxLength(100)
  id: string;
}

/**
 * Checkpoint pagination. The v7 SDK also sends include_totals, and go-auth0 v1 per_page (its list
 * default): Auth0 answered both (recorded), and this list ignores them (its page size is take).
 */
export class UserRefreshTokensQuery extends IntersectionType(
  CheckpointPaginationQuery,
  PickType(OffsetPaginationQuery, ['include_totals', 'per_page']),
) {}
