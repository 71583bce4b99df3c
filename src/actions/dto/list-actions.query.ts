import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { QueryBool, QueryInt } from '../../common/validation/coerce.js';
import { ACTION_TRIGGER_IDS } from '../action-triggers.js';

/** Auth0's GET /actions/actions: filters and page paging only (the answer always carries totals). */
export class ListActionsQuery {
  @ApiProperty({ enum: ACTION_TRIGGER_IDS, description: 'An actions extensibility point.' })
  @IfPresent()
  @IsString()
  @IsIn(ACTION_TRIGGER_IDS)
  triggerId?: string;

  @ApiProperty({ description: 'The name of the action to retrieve.' })
  @IfPresent()
  @IsString()
  actionName?: string;

  @ApiProperty({ description: 'Optional filter to only retrieve actions that are deployed.' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  deployed?: boolean;

  @ApiProperty({ description: 'Use this field to request a specific page of the list results.' })
  @IfPresent()
  @QueryInt()
  @IsInt()
  @Min(0)
  page?: number;

  @ApiProperty({ description: 'The maximum number of results to be returned by the server in single response. 20 by default' })
  @IfPresent()
  @QueryInt()
  @IsInt()
  @Min(1)
  @Max(100)
  per_page?: number;

  @ApiProperty({
    description:
      'Optional. When true, return only installed actions. When false, return only custom actions. Returns all actions by default.',
  })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  installed?: boolean;
}
