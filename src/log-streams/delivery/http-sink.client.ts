import type { HttpContentFormat } from '../dto/http-sink.dto.js';
import type { StoredSink } from '../log-stream-records.js';
import { SINK_TIMEOUT_MS } from './delivery-policy.js';

// Auth0's defaults for a sink that names neither (its custom webhooks default to JSON lines).
const DEFAULT_FORMAT: HttpContentFormat = 'JSONLINES';
const DEFAULT_CONTENT_TYPE = 'application/json';
const MAX_ERROR_LENGTH = 500;

interface SinkTarget {
  sink: StoredSink;
  authorization?: string;
}

/** How far a delivery got: the first `delivered` logs were accepted; `error` says why the rest were not. */
interface SinkOutcome {
  delivered: number;
  error?: string;
}

/**
 * POSTs the logs (each one's JSON text, log-event.ts) to the sink in its format: one request with a
 * JSON array, or with one JSON document per line, or (JSONOBJECT) one request per log, in order,
 * stopping at the first refusal. Only a 2xx answer counts as delivered; redirects are not followed,
 * so the Authorization header goes nowhere else.
 */
export async function postToSink(target: SinkTarget, logs: readonly string[], signal: AbortSignal): Promise<SinkOutcome> {
  const format = target.sink.httpContentFormat ?? DEFAULT_FORMAT;
  const bodies =
    format === 'JSONOBJECT'
      ? logs.map((log) => ({ body: log, count: 1 }))
      : [{ body: format === 'JSONARRAY' ? `[${logs.join(',')}]` : logs.join('\n'), count: logs.length }];
  let delivered = 0;
  for (const { body, count } of bodies) {
    const error = await post(target, body, signal);
    if (error !== undefined) return { delivered, error };
    delivered += count;
  }
  return { delivered };
}

/** Undefined when the sink accepted the request; otherwise why not. */
async function post(target: SinkTarget, body: string, signal: AbortSignal): Promise<string | undefined> {
  const headers = new Headers();
  for (const { header, value } of target.sink.httpCustomHeaders ?? []) headers.append(header, value);
  headers.set('Content-Type', target.sink.httpContentType ?? DEFAULT_CONTENT_TYPE);
  if (target.authorization !== undefined) headers.set('Authorization', target.authorization);
  try {
    const response = await fetch(target.sink.httpEndpoint, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(SINK_TIMEOUT_MS)]),
    });
    // The answer's body is not needed; reading it to the end frees the connection for the next request.
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? undefined : `The endpoint answered HTTP ${response.status}.`;
  } catch (caught) {
    return describe(caught).slice(0, MAX_ERROR_LENGTH);
  }
}

function describe(caught: unknown): string {
  const error = caught as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError') return `The endpoint did not answer within ${SINK_TIMEOUT_MS} ms.`;
  if (error.name === 'AbortError') return 'The delivery was cancelled.';
  const cause = error.cause?.code ?? error.cause?.message;
  return `The endpoint could not be reached: ${error.message ?? 'unknown error'}${cause ? ` (${cause})` : ''}.`;
}
