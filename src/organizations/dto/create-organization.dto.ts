import { ApiField } from '../../common/validation/api-field.decorator.js';
import { BRANDING_RULES, DISPLAY_NAME_RULES, METADATA_RULES, ORGANIZATION_NAME_RULES } from './organization-rules.js';
import type { OrganizationBranding } from './organization.view.js';

export class CreateOrganizationDto {
  @ApiField({ ...ORGANIZATION_NAME_RULES, required: true })
  name: string;

  @ApiField(DISPLAY_NAME_RULES)
  display_name?: string;

  @ApiField(BRANDING_RULES)
  branding?: OrganizationBranding;

  @ApiField(METADATA_RULES)
  metadata?: Record<string, string>;
}
