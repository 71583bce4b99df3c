import { OmitType, PartialType } from '@nestjs/swagger';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { NullableType } from '../../common/validation/nullable-type.js';
import { CreateOrganizationDto } from './create-organization.dto.js';

/**
 * Auth0's PATCH takes `token_quota: null` to remove the quota (v7 UpdateOrganizationRequestContent);
 * connections are enabled on create only, afterwards through enabled_connections.
 */
@MinProperties(1)
export class UpdateOrganizationDto extends NullableType(
  PartialType(OmitType(CreateOrganizationDto, ['enabled_connections']), { skipNullProperties: false }),
  ['token_quota'],
) {}
