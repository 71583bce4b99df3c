import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class ClientGrantIdParams {
  @ApiProperty({ description: 'ID of the client grant.' })
  @IsString()
  id: string;
}
