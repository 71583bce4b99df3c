import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';

/** 401 messages of the Auth0 Management API. */
export const AuthMessage = {
  missing: 'Missing authentication',
  invalid: 'Invalid token',
  expired: 'Expired token received for JSON Web Token validation',
  badSignature: 'Invalid signature received for JSON Web Token validation',
  notGlobal: 'Client is not global.',
} as const;

/** Translates passport-jwt / jsonwebtoken failures into Auth0's wording. */
export function authFailureMessage(info: unknown): string {
  const error = info as { name?: string; message?: string } | undefined;
  if (!error) return AuthMessage.invalid;
  if (error instanceof AuthRejection) return error.message;
  if (error.name === 'TokenExpiredError') return AuthMessage.expired;
  if (error.message === 'No auth token') return AuthMessage.missing;
  if (error.message === 'invalid signature') return AuthMessage.badSignature;
  return AuthMessage.invalid;
}

/** A refusal decided by our own code (key lookup, client checks) with its final message. */
export class AuthRejection extends Error {}

export const unauthorized = (message: string): ApiError =>
  new ApiError(HttpStatus.UNAUTHORIZED, 'invalid_token', message, { 'WWW-Authenticate': 'Bearer' });
