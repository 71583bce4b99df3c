import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './error-body.js';

// Node's parser gives up before there is a request for Nest or Fastify to answer.
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request was not received in time.'],
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'Request header fields are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'payload_too_large', 'Chunk extensions are too large.'],
};
const MALFORMED: [number, string, string] = [400, 'malformed_request', 'Malformed HTTP request.'];

/**
 * Fastify's `clientErrorHandler`: node-level errors (malformed HTTP, oversized headers, a client
 * too slow to send its request) answered in the same error body as everything else, then the
 * connection is closed, as Node's own handler does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way (its headers sent) cannot be replaced by another one.
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, errorCode, message] = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(errorBody(status, errorCode, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
    // Destroyed, not just ended, once the answer is out: the client may never close its side.
    () => socket.destroy(),
  );
}
