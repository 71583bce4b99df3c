import { HttpStatus } from '@nestjs/common';
import jsonwebtoken from 'jsonwebtoken';
import { ApiError } from '../common/api-error.js';

/** 401 messages of the Auth0 Management API, and our 400 for ambiguous credentials. */
export const AuthMessage = {
  missing: 'Missing authentication',
  invalid: 'Invalid token',
  expired: 'Expired token received for JSON Web Token validation',
  badSignature: 'Invalid signature received for JSON Web Token validation',
  notGlobal: 'Client is not global.',
  ambiguous: 'Only one Authorization header is allowed.',
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

/**
 * Whether a passport-jwt failure is about the token (a 401): no token, the JWT library's
 * verdict, or our own refusal. Anything else (a database error behind a key lookup, a bug) is not.
 */
export function isTokenRefusal(failure: unknown): boolean {
  return (
    failure instanceof AuthRejection ||
    failure instanceof jsonwebtoken.JsonWebTokenError ||
    (failure instanceof Error && failure.message === 'No auth token')
  );
}

/** A refusal decided by our own code (key lookup, claim checks, client checks) with its final message. */
export class AuthRejection extends Error {}

export const unauthorized = (message: string): ApiError =>
  new ApiError(HttpStatus.UNAUTHORIZED, 'invalid_token', message, { 'WWW-Authenticate': 'Bearer' });

// RFC 6750 §3.1: a request that repeats the credentials or sends them more than one way is an
// `invalid_request`, 400. Acting on either copy would let a proxy and this service disagree on the caller.
export const ambiguousCredentials = (): ApiError =>
  new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', AuthMessage.ambiguous, { 'WWW-Authenticate': 'Bearer' });
