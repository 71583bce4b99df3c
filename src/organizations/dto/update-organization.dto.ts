import { PartialType } from '@nestjs/swagger';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { CreateOrganizationDto } from './create-organization.dto.js';

@MinProperties(1)
export class UpdateOrganizationDto extends PartialType(CreateOrganizationDto, { skipNullProperties: false }) {}
