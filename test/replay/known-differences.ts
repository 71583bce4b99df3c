import type { ReplayOutcome } from './replayer.js';

/**
 * Why a difference is not a fault of ours: `artefact`, the recorder changed Auth0's answer (it re-encodes
 * clients and resource servers through its structs, redacts ids); `outdated`, the recording predates what
 * Auth0 answers now (with the newer evidence in `reason`); `ours`, we answer otherwise on purpose.
 */
export type DifferenceKind = 'artefact' | 'outdated' | 'ours';

/**
 * A difference from the recording that is known, with why. `request` matches `<cassette>#<n> METHOD /path`;
 * `status` is `recorded->ours` for a different status; `missing`/`extra` bound the top-level fields
 * ours lacks or adds where the status is the same.
 */
export interface KnownDifference {
  kind: DifferenceKind;
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

/** Whether the outcome's difference is explained by rules of the given kinds alone (a match otherwise). */
export function excusedBy(outcome: ReplayOutcome, rules: readonly KnownDifference[], kinds: readonly DifferenceKind[]): boolean {
  return (
    explain(
      outcome,
      rules.filter((rule) => kinds.includes(rule.kind)),
    ).length > 0
  );
}
