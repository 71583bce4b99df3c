import { ApiField } from '../../common/validation/api-field.decorator.js';
import { FormBool, FormList } from '../../common/validation/coerce.js';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { ALLOW_ANY_ORGANIZATION_RULES, ORGANIZATION_USAGE_RULES, SCOPE_RULES, type OrganizationUsage } from './client-grant-rules.js';

/** Auth0 lets only these change; client_id and audience identify the grant. */
@MinProperties(1)
export class UpdateClientGrantDto {
  @FormList()
  @ApiField(SCOPE_RULES)
  scope?: string[];

  @ApiField(ORGANIZATION_USAGE_RULES)
  organization_usage?: OrganizationUsage;

  @FormBool()
  @ApiField(ALLOW_ANY_ORGANIZATION_RULES)
  allow_any_organization?: boolean;
}
