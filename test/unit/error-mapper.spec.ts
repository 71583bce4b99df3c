import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { badRequest, notFound } from '../../src/common/api-error.js';
import { toErrorResponse } from '../../src/common/error-mapper.js';

const fastifyError = (code: string, statusCode: number, message = 'internal wording') =>
  Object.assign(new Error(message), { code, statusCode });

describe('toErrorResponse', () => {
  it('a Fastify error without an entry of its own keeps its 4xx status, with a generic message, not logged', () => {
    assert.deepEqual(toErrorResponse(fastifyError('FST_ERR_SOMETHING_NEW', 406, 'at Object.<anonymous> (/app/node_modules/x.js:1)')), {
      status: 406,
      body: { statusCode: 406, error: 'Not Acceptable', message: 'Not Acceptable.', errorCode: 'bad_request' },
      headers: {},
      unexpected: false,
    });
  });

  it('a Fastify 5xx, or an error without a code, stays an unexpected 500', () => {
    for (const error of [fastifyError('FST_ERR_SOMETHING', 500), Object.assign(new Error('x'), { statusCode: 400 })]) {
      const response = toErrorResponse(error);
      assert.deepEqual([response.status, response.unexpected], [500, true]);
    }
  });

  it('on the token endpoint an unreadable request (400, 413, 415) is an OAuth invalid_request; other statuses keep the API shape', () => {
    assert.deepEqual(toErrorResponse(badRequest('invalid_body', 'Bad.'), { oauthEndpoint: true }).body, {
      error: 'invalid_request',
      error_description: 'Bad.',
    });
    const tooLarge = toErrorResponse(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413), { oauthEndpoint: true });
    assert.deepEqual(
      [tooLarge.status, tooLarge.body],
      [413, { error: 'invalid_request', error_description: 'Request body exceeds 10kb.' }],
    );
    assert.equal(
      toErrorResponse(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415), { oauthEndpoint: true }).headers['Cache-Control'],
      'no-store',
    );
    assert.deepEqual(toErrorResponse(notFound('not_found', 'Nope.'), { oauthEndpoint: true }).body, {
      statusCode: 404,
      error: 'Not Found',
      message: 'Nope.',
      errorCode: 'not_found',
    });
  });
});
