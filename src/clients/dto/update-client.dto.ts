import { ApiField } from '../../common/validation/api-field.decorator.js';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { APP_TYPE_RULES, DESCRIPTION_RULES, GRANT_TYPES_RULES, NAME_RULES } from './client-fields.js';

@MinProperties(1)
export class UpdateClientDto {
  @ApiField(NAME_RULES)
  name?: string;

  @ApiField(DESCRIPTION_RULES)
  description?: string;

  @ApiField(APP_TYPE_RULES)
  app_type?: string;

  @ApiField(GRANT_TYPES_RULES)
  grant_types?: string[];
}
