import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IfPresent, IsUri } from '../../common/validation/auth0-validators.js';

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

class OrganizationBrandingColorsDto {
  @ApiProperty({ description: 'HEX Color for primary elements.' })
  @IsString()
  @Matches(HEX_COLOR)
  primary: string;

  @ApiProperty({ description: 'HEX Color for background.' })
  @IsString()
  @Matches(HEX_COLOR)
  page_background: string;
}

/** Theme of the login pages; Auth0 reports a fault inside it on the `branding` property, with the path below it. */
export class OrganizationBrandingDto {
  @ApiProperty({ description: 'URL of logo to display on login page.' })
  @IfPresent()
  @IsString()
  @MaxLength(2048)
  @IsUri()
  logo_url?: string;

  @ApiProperty({ description: 'Color scheme used to customize the login pages.' })
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => OrganizationBrandingColorsDto)
  colors?: OrganizationBrandingColorsDto;
}
