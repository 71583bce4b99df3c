import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class ConnectionIdParams {
  @ApiProperty({ description: 'The id of the connection' })
  @IsString()
  id: string;
}
