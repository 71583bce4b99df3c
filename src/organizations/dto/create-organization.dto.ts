import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, Length, Matches, ValidateNested } from 'class-validator';
import { IfPresent, IsStringMap } from '../../common/validation/auth0-validators.js';
import { OrganizationBrandingDto } from './organization-branding.dto.js';

export class CreateOrganizationDto {
  @ApiProperty({ description: 'The name of this organization.' })
  @IsString()
  @Length(1, 50)
  @Matches(/^[a-z0-9_-]+$/)
  name: string;

  @ApiProperty({ description: 'Friendly name of this organization.' })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  display_name?: string;

  @ApiProperty({ description: 'Theme defines how to style the login pages.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => OrganizationBrandingDto)
  branding?: OrganizationBrandingDto;

  @ApiProperty({
    description:
      'Metadata associated with the organization, in the form of an object with string values (max 255 chars). Maximum of 25 metadata properties allowed.',
  })
  @IfPresent()
  @IsObject()
  @IsStringMap({ maxProperties: 25, keyLength: [1, 255], valueMaxLength: 255 })
  metadata?: Record<string, string>;
}
