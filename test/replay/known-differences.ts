import type { ReplayOutcome } from './replayer.js';

/**
 * A difference from the recording that is known, with why. `request` matches `<cassette>#<n> METHOD /path`;
 * `status` is `recorded->ours` for a different status; `missing`/`extra` bound the top-level fields
 * ours lacks or adds where the status is the same.
 */
export interface KnownDifference {
  request: RegExp;
  status?: string;
  missing?: readonly string[];
  extra?: readonly string[];
  reason: string;
}

/**
 * The rules that together explain an outcome's difference: a different status by the rule naming it, each
 * missing or extra field by some rule for that request. Empty when something is left unexplained.
 */
export function explain(outcome: ReplayOutcome, rules: readonly KnownDifference[]): KnownDifference[] {
  const line = `${outcome.at} ${outcome.request}`;
  const matching = rules.filter((rule) => rule.request.test(line));
  if (outcome.status !== outcome.recordedStatus) {
    const status = `${outcome.recordedStatus}->${outcome.status}`;
    return matching.filter((rule) => rule.status === status).slice(0, 1);
  }
  const fieldRules = matching.filter((rule) => rule.status === undefined);
  const used = new Set<KnownDifference>();
  const covered = (field: string, side: 'missing' | 'extra'): boolean => {
    const rule = fieldRules.find((r) => (r[side] ?? []).includes(field));
    if (rule) used.add(rule);
    return rule !== undefined;
  };
  const { missing = [], extra = [] } = outcome.fields ?? {};
  const explained = missing.every((f) => covered(f, 'missing')) && extra.every((f) => covered(f, 'extra'));
  return explained ? [...used] : [];
}
