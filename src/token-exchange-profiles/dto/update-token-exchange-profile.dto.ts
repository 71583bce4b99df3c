import { ApiField } from '../../common/validation/api-field.decorator.js';
import { MinProperties } from '../../common/validation/min-properties.decorator.js';
import { PROFILE_NAME_RULES, SUBJECT_TOKEN_TYPE_RULES } from './subject-token-type.js';

@MinProperties(1)
export class UpdateTokenExchangeProfileDto {
  @ApiField(PROFILE_NAME_RULES)
  name?: string;

  @ApiField(SUBJECT_TOKEN_TYPE_RULES)
  subject_token_type?: string;
}
