/**
 * Auth0 fields a resource keeps in its `settings` column (organizations, their connection links, connections): what
 * a body sets (as given) and what it removes (sent as null where Auth0's PATCH deletes so).
 */
export interface SettingsChange {
  set: Record<string, unknown>;
  unset: string[];
}

export function settingsChange<K extends string>(body: Partial<Record<K, unknown>>, keys: readonly K[]): SettingsChange {
  const change: SettingsChange = { set: {}, unset: [] };
  for (const name of keys) {
    if (body[name] === null) change.unset.push(name);
    // Validated DTOs are class instances; a JSON column takes plain values.
    else if (body[name] !== undefined) change.set[name] = JSON.parse(JSON.stringify(body[name])) as unknown;
  }
  return change;
}

export const changesSettings = (change: SettingsChange): boolean => Object.keys(change.set).length > 0 || change.unset.length > 0;
