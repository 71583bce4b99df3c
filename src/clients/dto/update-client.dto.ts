import { PartialType } from '@nestjs/swagger';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { NullableType } from '../../common/validation/nullable-type.js';
import { CreateClientDto } from './create-client.dto.js';

/**
 * Properties Auth0's PATCH /clients/{id} lets a caller unset with null (v7 UpdateClientRequestContent).
 * Auth0 also takes null for refresh_token, token_exchange and default_organization; not here yet: the document
 * generator cannot state a nullable nested object, and the OpenAPI spec holds the document to what the server takes.
 */
const UNSETTABLE = ['token_endpoint_auth_method', 'organization_usage', 'organization_require_behavior'] as const;

@MinProperties(1)
export class UpdateClientDto extends NullableType(PartialType(CreateClientDto, { skipNullProperties: false }), UNSETTABLE) {}
