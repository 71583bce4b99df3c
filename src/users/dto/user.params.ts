import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class UserIdParams {
  @ApiProperty({ description: 'ID of the user.' })
  @IsString()
  @MaxLength(300)
  id: string;
}
