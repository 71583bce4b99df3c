import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The recordings live beside the sources: the compiled spec runs from dist/, the YAML is not copied there. */
const RECORDINGS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../test/replay/recordings');

/** One request as the recording tenant received it and what it answered. */
export interface RecordedExchange {
  method: string;
  /** Path below /api/v2 with its query string, as recorded (ids still the recording tenant's). */
  path: string;
  body: string | undefined;
  status: number;
  responseBody: string;
}

export interface Cassette {
  /** Path below the recordings folder without `.yaml`, e.g. `TestClient_Read`. */
  name: string;
  exchanges: RecordedExchange[];
}

// go-vcr v2 cassette layout (what go-auth0's recorder writes).
interface VcrInteraction {
  request: { method: string; url: string; body?: string };
  response: { code: number; body?: string };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]))
    .filter((file) => file.endsWith('.yaml'));
}

export function loadCassettes(dir = RECORDINGS_DIR): Cassette[] {
  return walk(dir)
    .sort()
    .map((file) => {
      const { interactions } = parse(readFileSync(file, 'utf8')) as { interactions: VcrInteraction[] };
      const exchanges = interactions.map(({ request, response }) => {
        const url = new URL(request.url);
        return {
          method: request.method,
          path: url.pathname.replace(/^\/api\/v2/, '') + url.search,
          body: request.body === '' ? undefined : request.body,
          status: response.code,
          responseBody: response.body ?? '',
        };
      });
      return { name: relative(dir, file).replace(/\.yaml$/, ''), exchanges };
    });
}
