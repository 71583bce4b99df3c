import { ApiProperty } from '@nestjs/swagger';
import { IsString, MinLength } from 'class-validator';

export class AssociateClientGrantDto {
  @ApiProperty({ description: 'A Client Grant ID to add to the organization.' })
  @IsString()
  @MinLength(1)
  grant_id: string;
}
