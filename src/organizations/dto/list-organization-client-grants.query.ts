import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MinLength } from 'class-validator';
import { OffsetPaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryList } from '../../common/validation/coerce.js';

/** GET /organizations/{id}/client-grants: offset pagination only, as in Auth0. */
export class ListOrganizationClientGrantsQuery extends OffsetPaginationQuery {
  @ApiProperty({ description: 'Optional filter on audience of the client grant.' })
  @IfPresent()
  @IsString()
  audience?: string;

  @ApiProperty({ description: 'Optional filter on client_id of the client grant.' })
  @IfPresent()
  @IsString()
  client_id?: string;

  @ApiProperty({
    description: 'Optional filter on the ID of the client grant. Must be URL encoded and may be specified multiple times (max 10).',
  })
  @IfPresent()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  grant_ids?: string[];
}
