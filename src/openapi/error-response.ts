import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ErrorBody } from '../common/error-body.js';

/** The one error body (contract: "Error body"), as a component every error response points at. */
@ApiSchema({ name: 'Error' })
export class ErrorResponse implements ErrorBody {
  @ApiProperty({ type: 'integer', example: 404 }) statusCode: number;
  @ApiProperty({ description: 'HTTP reason phrase', example: 'Not Found' }) error: string;
  @ApiProperty({ example: 'No organization found by that id or name' }) message: string;
  @ApiProperty({ description: 'Stable code clients may branch on', example: 'inexistent_organization' }) errorCode: string;
}
