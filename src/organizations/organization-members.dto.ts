import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MinLength } from 'class-validator';
import { FieldsQuery } from '../common/fields.js';
import { PaginationQuery } from '../common/pagination/pagination.query.js';

/** POST and DELETE /organizations/{id}/members. The limit of 10 ids per request is Auth0's as we understand it (unverified). */
export class OrganizationMembersDto {
  @ApiProperty({ description: 'List of user IDs to add to (or remove from) the organization as members.' })
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  members: string[];
}

/** GET /organizations/{id}/members: page/per_page/include_totals, or checkpoint from/take (what the SDK sends). */
export class ListOrganizationMembersQuery extends IntersectionType(PaginationQuery, FieldsQuery) {}
