/**
 * Whether a change request meets its policy, worked out from the rows every time (never from its stored
 * status), with the reason for every rule and check that is not met.
 *
 * The rules that apply: the enabled rules of the request's own policy that name no object types and no
 * scope, and every enabled rule of any policy that names object types or a scope matching a change of the
 * branch (so an owner cannot choose a weaker policy). A rule counts the approvals of its eligible
 * reviewers (its `reviewers` and the members of its `reviewer_groups`, active users only): per reviewer,
 * the latest review that is not stale and not a comment stands; one approval counts for every rule its
 * author is eligible for. With `require_independent_review`, the owner's reviews count for none of that
 * policy's rules. The policy is met when every applying rule is met and at least one applies (none
 * fails closed). The merge also needs every check the taking-part policies require (the request's own,
 * and those of the rules that apply) to have succeeded.
 */
import type { Db } from '../db/index.ts';
import { query, tables } from '../db/index.ts';

export interface RequestRow {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly owner_id: number | null;
  readonly policy_id: number | null;
  readonly branch_id: number;
}

export interface RuleStanding {
  readonly id: number;
  readonly name: string;
  readonly policy: { readonly id: number; readonly name: string };
  readonly min_reviews: number;
  readonly approvals: number;
  /** reviewers who may approve it (the owner left out under independent review) */
  readonly eligible: number;
  readonly met: boolean;
  readonly reason: string;
}

export interface CheckStanding {
  readonly name: string;
  /** the check's reported status; null when nothing was reported */
  readonly status: string | null;
  readonly met: boolean;
  readonly reason: string;
}

export interface Evaluation {
  readonly request: RequestRow;
  readonly rules: readonly RuleStanding[];
  readonly checks: readonly CheckStanding[];
  /** every applying rule is met and at least one applies */
  readonly policyMet: boolean;
  /** why the policy is unmet when no rule applies */
  readonly noRules?: string;
  /** users whose reviews count toward at least one applying rule */
  readonly reviewers: ReadonlySet<number>;
}

const T = {
  request: `public.${tables.changeRequest}`,
  policy: `public.${tables.policy}`,
  rule: `public.${tables.policyRule}`,
  reviewers: `public.${tables.policyRuleReviewers}`,
  groups: `public.${tables.policyRuleGroups}`,
  review: `public.${tables.review}`,
  check: `public.${tables.statusCheck}`,
  diff: `public.${tables.changeDiff}`,
  user: `public.${tables.user}`,
  userGroups: `public.${tables.userGroups}`,
};

export const ACTIVE = ['draft', 'needs-review', 'changes-requested', 'approved'] as const;

/** The change requests of a branch that are active (neither completed nor rejected): at most one. */
export async function activeRequest(db: Db, branchId: number): Promise<RequestRow | undefined> {
  const [row] = await query<RequestRow>(
    db,
    `SELECT id, name, status, owner_id, policy_id, branch_id FROM ${T.request}
      WHERE branch_id = $1 AND status = ANY($2::text[]) ORDER BY id LIMIT 1`,
    [branchId, [...ACTIVE]],
  );
  return row;
}

export async function requestRow(db: Db, id: number): Promise<RequestRow | undefined> {
  const [row] = await query<RequestRow>(
    db,
    `SELECT id, name, status, owner_id, policy_id, branch_id FROM ${T.request} WHERE id = $1`,
    [id],
  );
  return row;
}

interface RuleRow {
  id: number;
  name: string;
  min_reviews: number;
  policy_id: number;
  policy_name: string;
  independent: boolean;
}

/** A change of the branch in a rule's scope: the scoped object itself, or one whose data names it. */
const inScope = `(r.scope_type IS NULL OR (d.object_type = r.scope_type AND d.object_id = r.scope_id)
  OR EXISTS (SELECT 1 FROM (VALUES (d.original_data), (d.modified_data)) s(data)
    WHERE s.data ->> split_part(r.scope_type, '.', 2) = r.scope_id::text
       OR (s.data ->> 'scope_type' = r.scope_type AND s.data ->> 'scope_id' = r.scope_id::text)))`;

async function applyingRules(db: Db, request: RequestRow): Promise<RuleRow[]> {
  return query<RuleRow>(
    db,
    `SELECT r.id, r.name, r.min_reviews, p.id AS policy_id, p.name AS policy_name,
        p.require_independent_review AS independent
       FROM ${T.rule} r JOIN ${T.policy} p ON p.id = r.policy_id
      WHERE r.enabled AND (
        (r.policy_id = $1 AND cardinality(r.object_types) = 0 AND r.scope_type IS NULL)
        OR ((cardinality(r.object_types) > 0 OR r.scope_type IS NOT NULL) AND EXISTS (
          SELECT 1 FROM ${T.diff} d WHERE d.branch_id = $2
            AND (cardinality(r.object_types) = 0 OR d.object_type = ANY(r.object_types)) AND ${inScope})))
      ORDER BY (p.id = $1) DESC, p.name, r.name, r.id`,
    [request.policy_id ?? 0, request.branch_id],
  );
}

/** Rule id → the active users who may review under it. */
async function eligibleUsers(db: Db, rules: readonly number[]): Promise<Map<number, Set<number>>> {
  const rows = await query<{ rule_id: number; user_id: number }>(
    db,
    `SELECT x.policyrule_id AS rule_id, x.user_id FROM ${T.reviewers} x JOIN ${T.user} u ON u.id = x.user_id
      WHERE x.policyrule_id = ANY($1::bigint[]) AND u.is_active
     UNION
     SELECT g.policyrule_id, ug.user_id FROM ${T.groups} g JOIN ${T.userGroups} ug ON ug.group_id = g.group_id
       JOIN ${T.user} u ON u.id = ug.user_id
      WHERE g.policyrule_id = ANY($1::bigint[]) AND u.is_active`,
    [rules],
  );
  const out = new Map<number, Set<number>>(rules.map((r) => [r, new Set<number>()]));
  for (const r of rows) out.get(r.rule_id)?.add(r.user_id);
  return out;
}

/** User → the status of the review that stands for them (latest, not stale, not a comment). */
async function standingReviews(db: Db, requestId: number): Promise<Map<number, string>> {
  const rows = await query<{ user_id: number; status: string }>(
    db,
    `SELECT DISTINCT ON (user_id) user_id, status FROM ${T.review}
      WHERE change_request_id = $1 AND NOT is_stale AND status NOT IN ('comment', 'pending') AND user_id IS NOT NULL
      ORDER BY user_id, created DESC, id DESC`,
    [requestId],
  );
  return new Map(rows.map((r) => [r.user_id, r.status]));
}

function standing(rule: RuleRow, eligible: ReadonlySet<number>, reviews: ReadonlyMap<number, string>): RuleStanding {
  const approvals = [...eligible].filter((u) => reviews.get(u) === 'approved').length;
  const met = approvals >= rule.min_reviews;
  const label = `Rule "${rule.name}" of policy "${rule.policy_name}"`;
  const others = rule.independent ? ' other than the owner' : '';
  const reviewers = (n: number) => `${n} eligible reviewer${n === 1 ? '' : 's'}`;
  const reason = met
    ? `${label}: ${approvals} of ${rule.min_reviews} approvals.`
    : eligible.size < rule.min_reviews
      ? `${label} needs ${rule.min_reviews} approvals but has ${reviewers(eligible.size)}${others}: it cannot be met.`
      : `${label}: ${approvals} of ${rule.min_reviews} approvals.`;
  return {
    id: rule.id,
    name: rule.name,
    policy: { id: rule.policy_id, name: rule.policy_name },
    min_reviews: rule.min_reviews,
    approvals,
    eligible: eligible.size,
    met,
    reason,
  };
}

async function checkStandings(db: Db, requestId: number, policies: readonly number[]): Promise<CheckStanding[]> {
  const required = await query<{ name: string }>(
    db,
    `SELECT DISTINCT unnest(required_checks) AS name FROM ${T.policy} WHERE id = ANY($1::bigint[]) ORDER BY 1`,
    [policies],
  );
  if (!required.length) return [];
  const rows = await query<{ name: string; status: string }>(
    db,
    `SELECT name, status FROM ${T.check} WHERE change_request_id = $1`,
    [requestId],
  );
  const reported = new Map(rows.map((r) => [r.name, r.status]));
  return required.map(({ name }) => {
    const status = reported.get(name) ?? null;
    const met = status === 'success';
    const reason = met
      ? `Check "${name}" succeeded.`
      : status === null
        ? `Required check "${name}" has not been reported.`
        : `Required check "${name}" is ${status}.`;
    return { name, status, met, reason };
  });
}

export async function evaluate(db: Db, request: RequestRow): Promise<Evaluation> {
  const rules = await applyingRules(db, request);
  const eligible = await eligibleUsers(
    db,
    rules.map((r) => r.id),
  );
  const reviews = await standingReviews(db, request.id);
  const reviewers = new Set<number>();
  const standings = rules.map((r) => {
    const users = new Set(eligible.get(r.id));
    if (r.independent && request.owner_id !== null) users.delete(request.owner_id);
    for (const u of users) reviewers.add(u);
    return standing(r, users, reviews);
  });
  const policies = [...new Set([request.policy_id ?? 0, ...rules.map((r) => r.policy_id)])];
  const checks = await checkStandings(db, request.id, policies);
  const noRules = rules.length
    ? undefined
    : 'No enabled rule applies to this change request: its policy can never be met.';
  return {
    request,
    rules: standings,
    checks,
    policyMet: rules.length > 0 && standings.every((s) => s.met),
    ...(noRules ? { noRules } : {}),
    reviewers,
  };
}
