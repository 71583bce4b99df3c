import { ApiField } from '../../common/validation/api-field.decorator.js';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { BRANDING_RULES, DISPLAY_NAME_RULES, METADATA_RULES, ORGANIZATION_NAME_RULES } from './organization-rules.js';
import type { OrganizationBranding } from './organization.view.js';

@MinProperties(1)
export class UpdateOrganizationDto {
  @ApiField(ORGANIZATION_NAME_RULES)
  name?: string;

  @ApiField(DISPLAY_NAME_RULES)
  display_name?: string;

  @ApiField(BRANDING_RULES)
  branding?: OrganizationBranding;

  @ApiField(METADATA_RULES)
  metadata?: Record<string, string>;
}
