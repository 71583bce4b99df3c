import { STATUS_CODES } from 'node:http';
import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiError } from './api-error.js';
import { errorBody, FrameworkErrorCode, type ErrorBody } from './error-body.js';
import { OAuthError, type OAuthErrorBody } from './oauth-error.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

export interface ErrorResponse {
  status: number;
  body: ErrorBody | OAuthErrorBody;
  headers: Record<string, string>;
  /** Unexpected errors are logged in full; expected ones are not. */
  unexpected: boolean;
}

// Fastify raises these before a request reaches Nest (URL decoding, body parsing, limits).
const FASTIFY_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, 'invalid_uri', "Path validation error: 'Malformed percent-encoding in the URL'."],
  // Unreachable while maxParamLength exceeds Node's header size limit (see createAdapter); kept in the shape if it changes.
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', 'URI Too Long.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_body', 'Invalid JSON body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_body', 'Invalid JSON body.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'Request body exceeds 10kb.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Unsupported Media Type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_body', 'Request body size did not match Content-Length.'],
};

const UNREADABLE_REQUEST: readonly number[] = [HttpStatus.BAD_REQUEST, HttpStatus.PAYLOAD_TOO_LARGE, HttpStatus.UNSUPPORTED_MEDIA_TYPE];
const isUnreadableRequest = (status: number): status is HttpStatus => UNREADABLE_REQUEST.includes(status);

/** Every error, from any layer, becomes one of these; the filter and Fastify's handler only send it. */
export function toErrorResponse(error: unknown, options: { oauthEndpoint?: boolean } = {}): ErrorResponse {
  const response = toManagementResponse(error);
  // The token endpoint speaks OAuth even about a request it could not read (bad body, NUL characters).
  if (options.oauthEndpoint && isUnreadableRequest(response.status) && 'errorCode' in response.body) {
    return toManagementResponse(new OAuthError(response.status, 'invalid_request', response.body.message));
  }
  return response;
}

function toManagementResponse(error: unknown): ErrorResponse {
  if (error instanceof OAuthError) {
    // The token endpoint speaks OAuth (RFC 6749 §5.2), and OAuth says the body must not be cached.
    return { status: error.status, body: error.body, headers: { 'Cache-Control': 'no-store', ...error.headers }, unexpected: false };
  }
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: errorBody(error.status, error.errorCode, error.message),
      headers: error.headers,
      unexpected: false,
    };
  }
  // Nest wraps Fastify's own errors (body parsing, size limit) in an HttpException; the code is on the cause.
  const fastifyCode = fastifyErrorCode(error) ?? fastifyErrorCode((error as { cause?: unknown } | null)?.cause);
  if (fastifyCode) {
    const [status, errorCode, message] = FASTIFY_ERRORS[fastifyCode];
    return { status, body: errorBody(status, errorCode, message), headers: {}, unexpected: false };
  }
  // Any other Fastify error about the request keeps its 4xx status; its own message may name internals.
  const fastifyStatus = (error as { statusCode?: unknown } | null)?.statusCode;
  if (
    typeof fastifyStatus === 'number' &&
    fastifyStatus >= 400 &&
    fastifyStatus < 500 &&
    typeof (error as { code?: unknown }).code === 'string'
  ) {
    return {
      status: fastifyStatus,
      body: errorBody(
        fastifyStatus,
        FrameworkErrorCode[fastifyStatus] ?? 'bad_request',
        `${STATUS_CODES[fastifyStatus] ?? 'Bad Request'}.`,
      ),
      headers: {},
      unexpected: false,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return {
      status,
      body: errorBody(status, FrameworkErrorCode[status] ?? 'http_error', httpExceptionMessage(error)),
      headers: {},
      unexpected: false,
    };
  }
  if (isDatabaseUnavailable(error)) {
    const status = HttpStatus.SERVICE_UNAVAILABLE;
    return {
      status,
      body: errorBody(status, 'database_unavailable', 'Service temporarily unavailable.'),
      headers: { 'Retry-After': '5' },
      unexpected: true,
    };
  }
  return { status: 500, body: errorBody(500, 'internal_error', 'Internal error.'), headers: {}, unexpected: true };
}

function httpExceptionMessage(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join(', ');
  return typeof message === 'string' ? message : error.message;
}

function fastifyErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code in FASTIFY_ERRORS ? code : undefined;
}
