import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsString, MinLength } from 'class-validator';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool, QueryList } from '../../common/validation/coerce.js';
import { CONNECTION_STRATEGIES } from './connection-strategies.js';

/** Auth0's ConnectionStrategyEnum: what may be created, plus the legacy AD/LDAP strategy. */
const FILTERABLE_STRATEGIES = [...CONNECTION_STRATEGIES, 'auth0-adldap'] as const;

/** A field selection, as GET /connections and GET /connections/{id} take it. */
export class ConnectionFieldsQuery {
  @ApiProperty({
    description:
      'A comma separated list of fields to include or exclude (depending on include_fields) from the result, empty to retrieve all fields',
  })
  @IfPresent()
  @IsString()
  fields?: string;

  @ApiProperty({
    description:
      '<code>true</code> if the fields specified are to be included in the result, <code>false</code> otherwise (defaults to <code>true</code>)',
  })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  include_fields?: boolean;
}

/** GET /connections: page/per_page/include_totals, or checkpoint from/take (which ignores include_totals, as Auth0 does). */
export class ListConnectionsQuery extends IntersectionType(PaginationQuery, ConnectionFieldsQuery) {
  @ApiProperty({ description: 'Provide strategies to only retrieve connections with such strategies' })
  @IfPresent()
  @QueryList()
  @IsArray()
  @IsString({ each: true })
  @IsIn(FILTERABLE_STRATEGIES, { each: true })
  strategy?: string[];

  @ApiProperty({ description: 'Provide the name of the connection to retrieve' })
  @IfPresent()
  @IsString()
  @MinLength(1)
  name?: string;
}
