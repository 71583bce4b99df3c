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

const within = (given: readonly string[] | undefined, allowed: readonly string[] | undefined): boolean =>
  (given ?? []).every((field) => (allowed ?? []).includes(field));

/** The rule that explains an outcome's difference, if one does. */
export function explain(outcome: ReplayOutcome, rules: readonly KnownDifference[]): KnownDifference | undefined {
  const line = `${outcome.at} ${outcome.request}`;
  const status = `${outcome.recordedStatus}->${outcome.status}`;
  return rules.find((rule) => {
    if (!rule.request.test(line)) return false;
    if (outcome.status !== outcome.recordedStatus) return rule.status === status;
    return rule.status === undefined && within(outcome.fields?.missing, rule.missing) && within(outcome.fields?.extra, rule.extra);
  });
}
