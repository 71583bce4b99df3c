import { PartialType } from '@nestjs/swagger';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { CreateClientDto } from './create-client.dto.js';

@MinProperties(1)
export class UpdateClientDto extends PartialType(CreateClientDto, { skipNullProperties: false }) {}
