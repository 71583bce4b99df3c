import { PartialType } from '@nestjs/swagger';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { NullableType } from '../../common/validation/nullable-type.js';
import { CreateClientDto } from './create-client.dto.js';

/**
 * Properties Auth0's PATCH /clients/{id} lets a caller unset with null (v7 UpdateClientRequestContent).
 * Auth0 also takes null for refresh_token and token_exchange; not here yet.
 */
const UNSETTABLE = [
  'token_endpoint_auth_method',
  'organization_usage',
  'organization_require_behavior',
  'default_organization',
  'client_authentication_methods',
] as const;

@MinProperties(1)
export class UpdateClientDto extends NullableType(PartialType(CreateClientDto, { skipNullProperties: false }), UNSETTABLE) {}
