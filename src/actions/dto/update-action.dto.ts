import { PartialType } from '@nestjs/swagger';
import { CreateActionDto } from './create-action.dto.js';

/** Every field may change; the ones left out keep their value. */
export class UpdateActionDto extends PartialType(CreateActionDto, { skipNullProperties: false }) {}
