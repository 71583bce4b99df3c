// An id is any string under a key named `id` or ending in `_id` (client_id, user_id, action_id, ...).
const isIdKey = (key: string): boolean => key === 'id' || key.endsWith('_id');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The recording tenant's ids and ours for the same things, learnt by walking a recorded answer and
 * ours side by side; a later request is rewritten to carry our ids wherever it carried theirs.
 */
export class IdMap {
  private readonly ids = new Map<string, string>();

  /** Maps a recorded id that no answer of ours carries (e.g. a client the recording tenant already had). */
  set(recorded: string, ours: string): void {
    if (recorded !== ours && !this.ids.has(recorded)) this.ids.set(recorded, ours);
  }

  learn(recorded: unknown, ours: unknown, key = ''): void {
    if (typeof recorded === 'string' && typeof ours === 'string') {
      if (isIdKey(key)) this.set(recorded, ours);
    } else if (Array.isArray(recorded) && Array.isArray(ours)) {
      recorded.forEach((item, index) => this.learn(item, ours[index], key));
    } else if (isObject(recorded) && isObject(ours)) {
      for (const [name, value] of Object.entries(recorded)) this.learn(value, ours[name], name);
    }
  }

  /** The text with every known recorded id replaced by ours, raw or percent-encoded (ids in paths). */
  apply(text: string): string {
    // Longest first, so an id that contains another is replaced whole.
    const known = [...this.ids.entries()].sort(([a], [b]) => b.length - a.length);
    let out = text;
    for (const [recorded, ours] of known) {
      out = out.split(recorded).join(ours);
      const encoded = encodeURIComponent(recorded);
      if (encoded !== recorded) out = out.split(encoded).join(encodeURIComponent(ours));
    }
    return out;
  }
}
