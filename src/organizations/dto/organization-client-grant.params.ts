import { ApiField } from '../../common/validation/api-field.decorator.js';

export class OrganizationClientGrantParams {
  @ApiField({ type: 'string', required: true, maxLength: 50, description: 'ID of the organization' })
  id: string;

  @ApiField({ type: 'string', required: true, description: 'ID of the client grant' })
  grant_id: string;
}
