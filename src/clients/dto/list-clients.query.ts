import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsBoolean, IsString, MinLength } from 'class-validator';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool } from '../../common/validation/coerce.js';
import { FieldsQuery } from '../../common/fields.js';

export const Q_DESCRIPTION =
  'Advanced Query in Lucene syntax. Permitted Queries: client_grant.organization_id:{organization_id}, client_grant.allow_any_organization:true. Cannot be used in combination with other filters; requires checkpoint pagination (from/take).';

/** GET /clients: Auth0's filters, field selection, and either paging style. */
export class ListClientsQuery extends IntersectionType(PaginationQuery, FieldsQuery) {
  @ApiProperty({ description: 'Optional filter on the global client parameter.' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  is_global?: boolean;

  @ApiProperty({ description: 'Optional filter on whether or not a client is a first-party client.' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  is_first_party?: boolean;

  @ApiProperty({ description: 'Optional filter by a comma-separated list of application types.' })
  @IfPresent()
  @IsString()
  app_type?: string;

  @ApiProperty({ description: 'Optional filter by the Client ID Metadata Document URI for CIMD-registered clients.' })
  @IfPresent()
  @IsString()
  @MinLength(1)
  external_client_id?: string;

  @ApiProperty({ description: Q_DESCRIPTION })
  @IfPresent()
  @IsString()
  @MinLength(1)
  q?: string;
}
