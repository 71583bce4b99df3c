import { Transform } from 'class-transformer';
import { ApiField } from '../../common/validation/api-field.decorator.js';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class ListClientsQuery {
  @Transform(toInt)
  @ApiField({ type: 'integer', minimum: 0, description: 'Page index of the results to return. First page is 0.' })
  page?: number;

  @Transform(toInt)
  @ApiField({ type: 'integer', minimum: 1, maximum: 100, description: 'Number of results per page. Default value is 50, maximum value is 100' })
  per_page?: number;

  @Transform(toBool)
  @ApiField({ type: 'boolean', description: 'Return results inside an object that contains the total result count (true) or as a direct array of results (false, default).' })
  include_totals?: boolean;
}
