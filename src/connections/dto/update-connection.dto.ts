import { PartialType } from '@nestjs/swagger';
import { NullableType } from '../../common/validation/nullable-type.js';
import { ConnectionSettingsDto } from './create-connection.dto.js';

/**
 * PATCH /connections/{id}: Auth0's body has no minimum of properties (an empty body changes nothing),
 * and `options`, `enabled_clients` or `cross_app_access_resource_app` may be null to clear them.
 */
export class UpdateConnectionDto extends NullableType(PartialType(ConnectionSettingsDto), [
  'options',
  'enabled_clients',
  'cross_app_access_resource_app',
]) {}
