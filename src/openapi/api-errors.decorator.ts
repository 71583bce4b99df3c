import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from './error-response.js';

type DocumentedErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;

const DESCRIPTIONS: Record<DocumentedErrorStatus, string> = {
  400: 'Invalid request; the message names the offending property.',
  401: 'Missing, invalid or expired token, or a client that is not global.',
  403: 'Insufficient scope, or a tenant limit reached.',
  404: 'The addressed resource does not exist.',
  409: 'Conflicts with an existing resource.',
  429: 'Too many requests. Retry after the number of seconds in Retry-After.',
};

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed in a full bucket.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the bucket.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'UNIX time (seconds) at which the bucket is full again.', schema: { type: 'integer' } },
} as const;

/** Documents error statuses with the shared error body, so controllers list codes, not schemas. */
export const ApiErrors = (...statuses: DocumentedErrorStatus[]): MethodDecorator =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: DESCRIPTIONS[status],
        type: ErrorResponse,
        ...(status === 429
          ? {
              headers: {
                ...RATE_LIMIT_HEADERS,
                'Retry-After': { description: 'Seconds until a request can succeed.', schema: { type: 'integer' } },
              },
            }
          : {}),
      }),
    ),
  );
