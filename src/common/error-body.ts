import { STATUS_CODES } from 'node:http';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errorCode: string;
}

/** The one shape of every 4xx/5xx body (contract: "Error body"). */
export function errorBody(statusCode: number, errorCode: string, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, errorCode };
}

/** Codes used where the framework, not a service, decides the status. */
export const FrameworkErrorCode: Record<number, string> = {
  400: 'invalid_body',
  401: 'invalid_token',
  403: 'insufficient_scope',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'database_unavailable',
};
