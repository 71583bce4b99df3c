import { HttpStatus } from '@nestjs/common';
import { ApiError, conflict, notFound } from '../common/api-error.js';

export const profileNotFound = () => notFound('inexistent_token_exchange_profile', 'Token exchange profile not found.');
export const subjectTokenTypeTaken = () =>
  conflict('token_exchange_profile_conflict', 'Token exchange profile with the same subject_token_type already exists');
export const profileLimitReached = (): ApiError =>
  new ApiError(HttpStatus.FORBIDDEN, 'too_many_entities', 'You reached the limit of entities of this type for this tenant.');
