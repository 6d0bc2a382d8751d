/**
 * The merge gate (MERGE_REQUIRES_APPROVAL): a branch merges only when its active change request is
 * approved, its policy is met — worked out again now, not read from the stored status — and every check
 * its policies require has succeeded. The branch merge route asks before it queues the job and answers a
 * refusal at once (409), naming each unmet rule and missing check; the plugin queues the job and lets it
 * fail later. A dry run (`commit: false`) is never refused, as in the plugin.
 */
import type { Db } from '../db/index.ts';
import type { Settings } from '../config/index.ts';
import { activeRequest, evaluate, type CheckStanding, type RuleStanding } from './evaluate.ts';

export const NOT_APPROVED = 'No change request has been approved for this branch.';

export interface MergeRefusal {
  readonly detail: string;
  readonly change_request: { readonly id: number; readonly name: string; readonly status: string } | null;
  /** every reason, in words */
  readonly reasons: readonly string[];
  readonly unmet_rules: readonly Omit<RuleStanding, 'met'>[];
  readonly missing_checks: readonly Omit<CheckStanding, 'met'>[];
  [key: string]: unknown;
}

function refusal(
  request: MergeRefusal['change_request'],
  reasons: string[],
  rules: RuleStanding[] = [],
  checks: CheckStanding[] = [],
): MergeRefusal {
  const strip = <T extends { met: boolean }>({ met: _met, ...rest }: T) => rest;
  return {
    detail: `Merging this branch is not permitted. ${reasons.join(' ')}`,
    change_request: request,
    reasons,
    unmet_rules: rules.map(strip),
    missing_checks: checks.map(strip),
  };
}

/** Why the branch may not merge now; undefined when it may (or the gate is off). */
export async function mergeRefusal(db: Db, settings: Settings, branchId: number): Promise<MergeRefusal | undefined> {
  if (!settings.changes.mergeRequiresApproval) return undefined;
  const request = await activeRequest(db, branchId);
  if (!request) return refusal(null, [NOT_APPROVED]);
  const ev = await evaluate(db, request);
  const unmet = ev.rules.filter((r) => !r.met);
  const missing = ev.checks.filter((c) => !c.met);
  const reasons: string[] = [];
  if (request.status !== 'approved')
    reasons.push(`Change request "${request.name}" is ${request.status}, not approved.`);
  if (ev.noRules) reasons.push(ev.noRules);
  reasons.push(...unmet.map((r) => r.reason), ...missing.map((c) => c.reason));
  if (!reasons.length) return undefined;
  return refusal({ id: request.id, name: request.name, status: request.status }, reasons, unmet, missing);
}
