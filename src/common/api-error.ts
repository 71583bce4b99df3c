import { HttpStatus } from '@nestjs/common';

/**
 * A domain error with the stable `errorCode` clients may branch on. Thrown anywhere;
 * turned into the one error body by the exception filter.
 */
export class ApiError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (errorCode: string, message: string): ApiError => new ApiError(HttpStatus.NOT_FOUND, errorCode, message);

export const conflict = (errorCode: string, message: string): ApiError => new ApiError(HttpStatus.CONFLICT, errorCode, message);

export const badRequest = (errorCode: string, message: string): ApiError => new ApiError(HttpStatus.BAD_REQUEST, errorCode, message);
