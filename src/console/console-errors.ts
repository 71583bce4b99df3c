import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';

export const signInRequired = (): ApiError =>
  new ApiError(HttpStatus.UNAUTHORIZED, 'console_sign_in_required', 'Sign in to the console first.');

export const csrfRefused = (): ApiError =>
  new ApiError(
    HttpStatus.FORBIDDEN,
    'console_csrf_refused',
    'The request did not come from the console page (missing or wrong X-CSRF-Token).',
  );

export const crossOriginSignIn = (): ApiError =>
  new ApiError(HttpStatus.FORBIDDEN, 'console_cross_origin', 'Sign-in is accepted only from the console page of this service (Origin).');

export const consoleNotBuilt = (): ApiError =>
  new ApiError(HttpStatus.NOT_FOUND, 'console_not_built', 'The console is not built: run npm run build.');

export const consoleAssetNotFound = (): ApiError => new ApiError(HttpStatus.NOT_FOUND, 'inexistent_asset', 'No such console file.');

export const outsideTheApi = (): ApiError => new ApiError(HttpStatus.NOT_FOUND, 'inexistent_route', 'The console reaches /api/v2 only.');

export const consoleReadNotFound = (): ApiError => new ApiError(HttpStatus.NOT_FOUND, 'inexistent_route', 'The console has no such read.');
