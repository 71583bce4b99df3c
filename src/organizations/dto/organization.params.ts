import { ApiField } from '../../common/validation/api-field.decorator.js';

export class OrganizationIdParams {
  @ApiField({ type: 'string', required: true, maxLength: 50, description: 'ID of the organization' })
  id: string;
}

export class OrganizationNameParams {
  @ApiField({ type: 'string', required: true, maxLength: 50, description: 'name of the organization to retrieve.' })
  name: string;
}
