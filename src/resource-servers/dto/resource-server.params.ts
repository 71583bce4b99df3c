import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class ResourceServerIdParams {
  @ApiProperty({ description: 'ID or audience of the resource server.' })
  @IsString()
  id: string;
}
