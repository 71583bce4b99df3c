import { HttpStatus } from '@nestjs/common';
import { ApiError, badRequest, conflict, notFound } from '../common/api-error.js';

export const profileNotFound = () => notFound('inexistent_token_exchange_profile', 'Token exchange profile not found.');
export const subjectTokenTypeTaken = () =>
  conflict('token_exchange_profile_conflict', 'Token exchange profile with the same subject_token_type already exists');
export const profileLimitReached = (): ApiError =>
  new ApiError(HttpStatus.FORBIDDEN, 'too_many_entities', 'You reached the limit of entities of this type for this tenant.');

// A profile's action_id must name a deployed action bound to the custom-token-exchange trigger
// (Auth0: "An Action must be deployed before it can be bound to a Custom Token Exchange Profile").
// No recorded Auth0 response was found: statuses follow Auth0's usual ones (404 for an unknown
// referenced entity, 400 for one in the wrong state) and the wording is ours.
export const profileActionNotFound = () => notFound('action_not_found', 'The action does not exist.');
export const profileActionNotDeployed = () =>
  badRequest('action_not_deployed', 'The action must be deployed before it can be bound to a token exchange profile.');
export const profileActionWrongTrigger = () =>
  badRequest('invalid_action_trigger', 'The action must support the custom-token-exchange trigger.');
