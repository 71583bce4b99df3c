import { ApiField } from '../../common/validation/api-field.decorator.js';
import { PROFILE_NAME_RULES, SUBJECT_TOKEN_TYPE_RULES } from './subject-token-type.js';

export const PROFILE_TYPES = ['custom_authentication'] as const;

export class CreateTokenExchangeProfileDto {
  @ApiField({ ...PROFILE_NAME_RULES, required: true })
  name: string;

  @ApiField({ ...SUBJECT_TOKEN_TYPE_RULES, required: true })
  subject_token_type: string;

  @ApiField({
    type: 'string',
    required: true,
    minLength: 1,
    maxLength: 36,
    description: 'The ID of the Custom Token Exchange action to execute for this profile, in order to validate the subject_token. The action must use the custom-token-exchange trigger.',
  })
  action_id: string;

  @ApiField({ type: 'string', required: true, enum: PROFILE_TYPES, description: 'The type of the profile, which controls how the profile will be executed when receiving a token exchange request.' })
  type: (typeof PROFILE_TYPES)[number];
}
