/**
 * Matchers of the declared differences (differences.ts): what a finding is about (a branch, a job's log, an
 * object type, a change record's data, a webhook delivery's model) and the values it compares.
 */
import type { Finding } from './compare.ts';
import { valueAt } from './json-path.ts';
import type { Exchange } from './outcome.ts';

export const pathOnly = (x: Exchange) => x.record.path.split('?')[0]!;

export const isChoice = (v: unknown): v is { value: unknown; label: unknown } =>
  typeof v === 'object' && v !== null && 'value' in v && 'label' in v;

/** A branch, whole or nested: it has a schema id, or a branch's detail URL. */
export const isBranch = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  ('schema_id' in v ||
    (typeof (v as { url?: unknown }).url === 'string' &&
      /\/api\/plugins\/branching\/branches\/\d+\/$/.test((v as { url: string }).url)));

/** A delivery path with its `m=` query value (the corpus template's `{{ model }}`) left out. */
const withoutModel = (p: unknown) => (typeof p === 'string' ? p.replace(/([?&]m=)[^&]*/, '$1') : p);

export function rendersModel(f: Finding): boolean {
  if (f.kind !== 'delivery') return false;
  if (/^\[\d+\]\.path$/.test(f.path)) return f.recorded !== f.ours && withoutModel(f.recorded) === withoutModel(f.ours);
  const modelValue = /^\[\d+\]\.(body\.model|headers\.x-corpus-model)$/.test(f.path);
  return modelValue && f.recorded === '' && typeof f.ours === 'string' && f.ours !== '';
}

/** An object type as /api/core/object-types/ lists it (`omit` may leave out its app label). */
export const isObjectType = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && 'model' in v && 'rest_api_endpoint' in v;

/** A change record's snapshot value: `results[id=3].postchange_data.u_height`, `prechange_data.weight`. */
export const inChangeData = (path: string) => /(^|\.)(pre|post)change_data\.[a-z0-9_]+$/.test(path);

/** The job a finding in its `data.log` belongs to (`results[3].data.log[0]` → `results[3]`). */
export function jobOfLog(x: Exchange, path: string): { name?: unknown } | undefined {
  const m = /^(.*?)\.?data\.log(\[|$)/.exec(path);
  const job = m ? valueAt(x.recorded.body, m[1]!) : undefined;
  return typeof job === 'object' && job !== null ? (job as { name?: unknown }) : undefined;
}

/** Two branchable-model lists that agree on every model both have (names, verbose names, order). */
export function agreeWhereBothHave(x: Exchange): boolean {
  const [a, b] = [x.recorded.body, x.live.body];
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  const key = (e: { app_label?: unknown; model?: unknown }) => `${String(e.app_label)}.${String(e.model)}`;
  const inA = new Set(a.map(key));
  const inB = new Set(b.map(key));
  const shared = (list: unknown[], other: Set<string>) => JSON.stringify(list.filter((e: any) => other.has(key(e))));
  return shared(a, inB) === shared(b, inA);
}

/** A UUID, or the corpus normalisation's `<uuid>`. */
export const isUuid = (v: unknown) =>
  v === '<uuid>' || (typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v));

/** A log line naming the strategy of a merge or a revert: `Merging using None strategy`. */
export const strategyLine = (v: unknown) => typeof v === 'string' && /^(Merging|Reverting) using \S+ strategy$/.test(v);
