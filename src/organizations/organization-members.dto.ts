import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsString, MinLength } from 'class-validator';
import { PaginationQuery } from '../common/pagination/pagination.query.js';
import { IfPresent } from '../common/validation/auth0-validators.js';
import { QueryBool } from '../common/validation/coerce.js';

/** POST and DELETE /organizations/{id}/members. The limit of 10 ids per request is Auth0's as we understand it (unverified). */
export class OrganizationMembersDto {
  @ApiProperty({ description: 'List of user IDs to add to (or remove from) the organization as members.' })
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  members: string[];
}

class MemberFieldsQuery {
  @ApiProperty({
    description:
      'Comma-separated list of fields to include or exclude (based on value provided for include_fields) in the result. Leave empty to retrieve all fields.',
  })
  @IfPresent()
  @IsString()
  fields?: string;

  @ApiProperty({ description: 'Whether specified fields are to be included (true) or excluded (false).' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  include_fields?: boolean;
}

/** GET /organizations/{id}/members: page/per_page/include_totals, or checkpoint from/take (what the SDK sends). */
export class ListOrganizationMembersQuery extends IntersectionType(PaginationQuery, MemberFieldsQuery) {}
