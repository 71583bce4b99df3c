import { PartialType, PickType } from '@nestjs/swagger';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { NullableType } from '../../common/validation/nullable-type.js';
import { CreateClientGrantDto } from './create-client-grant.dto.js';

/** Auth0 lets only these change (client_id and audience identify the grant); null removes a setting. */
@MinProperties(1)
export class UpdateClientGrantDto extends NullableType(
  PartialType(
    PickType(CreateClientGrantDto, [
      'scope',
      'organization_usage',
      'allow_any_organization',
      'authorization_details_types',
      'allow_all_scopes',
    ]),
    {
      skipNullProperties: false,
    },
  ),
  ['organization_usage', 'allow_any_organization', 'allow_all_scopes'],
) {}
