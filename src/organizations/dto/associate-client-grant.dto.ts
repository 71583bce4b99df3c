import { ApiField } from '../../common/validation/api-field.decorator.js';

export class AssociateClientGrantDto {
  @ApiField({ type: 'string', required: true, minLength: 1, description: 'A Client Grant ID to add to the organization.' })
  grant_id: string;
}
