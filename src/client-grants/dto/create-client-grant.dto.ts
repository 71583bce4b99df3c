import { ApiField } from '../../common/validation/api-field.decorator.js';
import { FormBool, FormList } from '../../common/validation/coerce.js';
import { ALLOW_ANY_ORGANIZATION_RULES, ORGANIZATION_USAGE_RULES, SCOPE_RULES, type OrganizationUsage } from './client-grant-rules.js';

export class CreateClientGrantDto {
  @ApiField({ type: 'string', required: true, minLength: 1, maxLength: 255, description: 'ID of the client.' })
  client_id: string;

  @ApiField({ type: 'string', required: true, minLength: 1, maxLength: 600, description: 'The audience (API identifier) of this client grant' })
  audience: string;

  @FormList()
  @ApiField(SCOPE_RULES)
  scope?: string[];

  @ApiField(ORGANIZATION_USAGE_RULES)
  organization_usage?: OrganizationUsage;

  @FormBool()
  @ApiField(ALLOW_ANY_ORGANIZATION_RULES)
  allow_any_organization?: boolean;
}
