import type { TestApp } from '../support/test-app.js';
import type { Cassette, RecordedExchange } from './cassettes.js';
import { IdMap } from './id-map.js';

/** How one replayed request compares with its recording. */
export interface ReplayOutcome {
  /** `<cassette>#<index>`, the recording's own numbering. */
  at: string;
  request: string;
  recordedStatus: number;
  status: number;
  /** Set when the recorded answer is a JSON object: which of its top-level fields ours lacks or adds. */
  fields?: { missing: string[]; extra: string[] };
  /** Our error message, where we answered another status than recorded. */
  message?: string;
}

export const statusMatches = (o: ReplayOutcome): boolean => o.status === o.recordedStatus;
export const fieldsMatch = (o: ReplayOutcome): boolean => !o.fields || (o.fields.missing.length === 0 && o.fields.extra.length === 0);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function compareFields(recorded: unknown, ours: unknown): ReplayOutcome['fields'] {
  if (!isObject(recorded)) return undefined;
  const theirs = Object.keys(recorded);
  const mine = isObject(ours) ? Object.keys(ours) : [];
  return { missing: theirs.filter((k) => !mine.includes(k)).sort(), extra: mine.filter((k) => !theirs.includes(k)).sort() };
}

/**
 * Replays recorded Management API exchanges in order against the app, with one id map per
 * cassette (`seed` maps ids the recording tenant had before the recording started).
 */
export class Replayer {
  constructor(
    private readonly t: TestApp,
    private readonly authorization: string,
    private readonly seed: (ids: IdMap) => void,
  ) {}

  async replay(cassette: Cassette): Promise<ReplayOutcome[]> {
    const ids = new IdMap();
    this.seed(ids);
    const outcomes: ReplayOutcome[] = [];
    for (const [index, exchange] of cassette.exchanges.entries()) {
      outcomes.push(await this.send(`${cassette.name}#${index}`, exchange, ids));
    }
    return outcomes;
  }

  private async send(at: string, exchange: RecordedExchange, ids: IdMap): Promise<ReplayOutcome> {
    const path = ids.apply(exchange.path);
    const method = exchange.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    let request = this.t.api[method](`/api/v2${path}`).set('Authorization', this.authorization);
    if (exchange.body !== undefined) request = request.set('Content-Type', 'application/json').send(ids.apply(exchange.body));
    const res = await request;
    const recorded = parseJson(exchange.responseBody);
    const ours = parseJson(res.text);
    // Only what both sides created is the same thing; a list may hold other things in another order.
    if (exchange.method === 'POST' && res.status < 300 && exchange.status < 300) ids.learn(recorded, ours);
    return {
      at,
      request: `${exchange.method} ${path}`,
      recordedStatus: exchange.status,
      status: res.status,
      fields: compareFields(recorded, ours),
      message: res.status !== exchange.status && isObject(ours) ? String(ours.message) : undefined,
    };
  }
}

/** The three figures the replay prints. */
export function summarize(outcomes: readonly ReplayOutcome[]): string {
  const compared = outcomes.filter((o) => o.fields);
  const pct = (n: number, of: number): string => `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`;
  const statuses = outcomes.filter(statusMatches).length;
  const fields = compared.filter(fieldsMatch).length;
  return [
    `requests replayed: ${outcomes.length}`,
    `status-match rate: ${pct(statuses, outcomes.length)} (${statuses}/${outcomes.length})`,
    `field-set-match rate: ${pct(fields, compared.length)} (${fields}/${compared.length} JSON object answers)`,
  ].join('\n');
}
