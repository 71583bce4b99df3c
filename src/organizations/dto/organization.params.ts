import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class OrganizationIdParams {
  @ApiProperty({ description: 'ID of the organization' })
  @IsString()
  @MaxLength(50)
  id: string;
}

export class OrganizationNameParams {
  @ApiProperty({ description: 'name of the organization to retrieve.' })
  @IsString()
  @MaxLength(50)
  name: string;
}
