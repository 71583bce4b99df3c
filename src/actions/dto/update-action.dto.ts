import { OmitType, PartialType } from '@nestjs/swagger';
import { CreateActionDto } from './create-action.dto.js';

/** Every field may change; the ones left out keep their value. `deploy` is a create's only (Auth0's update has none). */
export class UpdateActionDto extends PartialType(OmitType(CreateActionDto, ['deploy']), { skipNullProperties: false }) {}
