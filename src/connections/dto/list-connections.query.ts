import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { IsArray, IsIn, IsString, MinLength } from 'class-validator';
import { FieldsQuery } from '../../common/fields.js';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryList } from '../../common/validation/coerce.js';
import { CONNECTION_STRATEGIES } from './connection-strategies.js';

/** Auth0's ConnectionStrategyEnum: what may be created, plus the legacy AD/LDAP strategy. */
const FILTERABLE_STRATEGIES = [...CONNECTION_STRATEGIES, 'auth0-adldap'] as const;

/** GET /connections: page/per_page/include_totals, or checkpoint from/take (which ignores include_totals, as Auth0 does). */
export class ListConnectionsQuery extends IntersectionType(PaginationQuery, FieldsQuery) {
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

/** GET /clients/{id}/connections: the strategy filter, checkpoint paging and fields (v7 ConnectionsGetRequest). */
export class ListClientConnectionsQuery extends PickType(ListConnectionsQuery, ['strategy', 'from', 'take', 'fields', 'include_fields']) {}
