import { ApiField } from '../../common/validation/api-field.decorator.js';

export class ClientGrantIdParams {
  @ApiField({ type: 'string', required: true, description: 'ID of the client grant.' })
  id: string;
}
