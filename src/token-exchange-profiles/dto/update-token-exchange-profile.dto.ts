import { PartialType, PickType } from '@nestjs/swagger';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { CreateTokenExchangeProfileDto } from './create-token-exchange-profile.dto.js';

/** Auth0 lets only the name and the subject token type change. */
@MinProperties(1)
export class UpdateTokenExchangeProfileDto extends PartialType(PickType(CreateTokenExchangeProfileDto, ['name', 'subject_token_type']), {
  skipNullProperties: false,
}) {}
