/**
 * What an import found and did, kept as plain JSON (saved with the resume state after every page,
 * so a resumed import reports the whole run): per-model tallies, what could not be copied and why,
 * fields this catalogue lacks, secrets to re-enter, conflicts, and the verification's findings.
 */

export interface ModelTally {
  /** objects the source has (when the model's copy began) */
  source: number;
  written: number;
  /** already present with the same content (--merge, or rows the migrations preload) */
  same: number;
  conflicts: number;
  /** objects not copied (a reference to an object not copied, a row PostgreSQL refused) */
  skipped: number;
  /** objects not copied because the source does not show their secret (tokens: listed, to be made again) */
  secretless: number;
  /** listings of an id the source had listed already (or out of id order): not copied again */
  repeated: number;
  /** objects the source counted but never listed (deleted during the copy, or a source that pages wrongly) */
  unlisted: number;
  seconds: number;
}

const COUNTS = ['source', 'written', 'same', 'conflicts', 'skipped', 'secretless', 'repeated', 'unlisted'] as const;

export interface Finding {
  readonly model: string;
  readonly id: number;
  readonly reason: string;
}

export interface Difference {
  readonly model: string;
  readonly id: number;
  readonly path: string;
  readonly source: unknown;
  readonly target: unknown;
}

export interface Verification {
  counts: { model: string; source: number; target: number; expected: number }[];
  compared: number;
  differences: Difference[];
  /** differences beyond the listed ones */
  moreDifferences: number;
  clean: boolean;
  seconds: number;
}

export interface ReportData {
  source: { url: string; version: string };
  models: Record<string, ModelTally>;
  /** models not copied at all, with the reason */
  notCopied: Record<string, string>;
  /** model → field the source sends that this catalogue lacks → objects with it (and with a value) */
  lacking: Record<string, Record<string, { objects: number; withValue: number }>>;
  /** `model.field → target`: references emptied because the target model was not copied */
  droppedReferences: Record<string, number>;
  /** the objects whose reference that was (the verification does not compare those fields) */
  emptied: { model: string; id: number; field: string }[];
  skipped: Finding[];
  /** listings of an id listed before: where, and that the first listing is the one copied */
  repeated: Finding[];
  conflicts: Finding[];
  /** objects with a secret the source does not show, to enter again here (webhook secrets) */
  reenter: Finding[];
  /** tokens whose secret could not be read, for their owners to replace */
  tokens: { id: number; user: string; version: number; key: string; description: string; expires: unknown }[];
  /** users without a usable password (set one with `manage changepassword`, or --generate-passwords) */
  passwordless: string[];
  images: { downloaded: number; failed: Finding[] };
  notes: string[];
  source_requests: { requests: number; retries: number; slowdowns: number; lowestConcurrency: number };
  writeSeconds: number;
  objectsWritten: number;
  verification?: Verification;
}

/** Lists kept in the report are capped; counts stay exact. */
export const LIST_CAP = 1000;

export function emptyReport(url: string, version: string): ReportData {
  return {
    source: { url, version },
    models: {},
    notCopied: {},
    lacking: {},
    droppedReferences: {},
    emptied: [],
    skipped: [],
    repeated: [],
    conflicts: [],
    reenter: [],
    tokens: [],
    passwordless: [],
    images: { downloaded: 0, failed: [] },
    notes: [],
    source_requests: { requests: 0, retries: 0, slowdowns: 0, lowestConcurrency: 0 },
    writeSeconds: 0,
    objectsWritten: 0,
  };
}

export function tally(report: ReportData, model: string): ModelTally {
  const t = (report.models[model] ??= { ...Object.fromEntries(COUNTS.map((k) => [k, 0])), seconds: 0 } as ModelTally);
  // a report saved by an earlier release of the import (a run resumed across an upgrade) lacks newer counts
  for (const k of COUNTS) t[k] ??= 0;
  return t;
}

/** The counts of objects not here, with what they are called: `2 objects not copied`. */
const SHORT: readonly [(typeof COUNTS)[number], string][] = [
  ['skipped', 'not copied'],
  ['repeated', 'listed twice by the source'],
  ['unlisted', 'counted by the source but never listed'],
  ['conflicts', 'in conflict with one here (kept as it is here)'],
];

const objects = (n: number) => `${n.toLocaleString('en')} object${n === 1 ? '' : 's'}`;

/** A model's objects not here, for its line on the console: `1 not copied, 1 listed twice by the source`. */
export function modelShortfalls(t: ModelTally): string {
  return SHORT.flatMap(([k, what]) => (t[k] ? [`${t[k].toLocaleString('en')} ${what}`] : [])).join(', ');
}

/**
 * What of the source is not here, one item per kind, empty when all is: objects not copied, listed
 * twice, counted but never listed, in conflict with an object here, images not downloaded, lists the
 * token may not read. Not among them: what is never copied by design (the change log without
 * --with-changelog, models an older NetBox lacks) and what is listed to be done by hand (tokens to make
 * again, secrets to enter again, passwords). Any of them makes the import's exit code 2.
 */
export function shortfalls(r: ReportData): string[] {
  const tallies = Object.values(r.models);
  const out = SHORT.flatMap(([k, what]) => {
    const n = tallies.reduce((a, t) => a + (t[k] ?? 0), 0);
    return n ? [`${objects(n)} ${what}`] : [];
  });
  const images = r.images.failed.length;
  if (images) out.push(`${images.toLocaleString('en')} image${images === 1 ? '' : 's'} not downloaded`);
  const unreadable = Object.values(r.notCopied).filter((why) => why.startsWith(UNREADABLE)).length;
  if (unreadable) out.push(`${unreadable} list${unreadable === 1 ? '' : 's'} the token may not read`);
  return out;
}

/** The exit code of an import that finished: 0 when all of the source is here and verified clean, else 2. */
export function exitCode(r: ReportData): 0 | 2 {
  return shortfalls(r).length || (r.verification && !r.verification.clean) ? 2 : 0;
}

/** How a list the token may not read is named in `notCopied`. */
export const UNREADABLE = 'not readable with this token';

export function pushCapped<T>(list: T[], item: T): void {
  if (list.length < LIST_CAP) list.push(item);
}

export function noteLacking(report: ReportData, model: string, field: string, hasValue: boolean): void {
  const m = (report.lacking[model] ??= {});
  const f = (m[field] ??= { objects: 0, withValue: 0 });
  f.objects++;
  if (hasValue) f.withValue++;
}

export function note(report: ReportData, text: string): void {
  if (!report.notes.includes(text)) report.notes.push(text);
}

/**
 * Adds what one page found (its own report, from emptyReport) to the run's, when the page commits:
 * the saved report then counts exactly the committed pages, however many are prepared ahead.
 */
export function mergeReport(into: ReportData, page: ReportData): void {
  for (const [model, t] of Object.entries(page.models)) {
    const sum = tally(into, model);
    for (const k of [...COUNTS, 'seconds'] as const) sum[k] += t[k] ?? 0;
  }
  for (const [model, fields] of Object.entries(page.lacking))
    for (const [field, c] of Object.entries(fields)) {
      const sum = ((into.lacking[model] ??= {})[field] ??= { objects: 0, withValue: 0 });
      sum.objects += c.objects;
      sum.withValue += c.withValue;
    }
  for (const [k, n] of Object.entries(page.droppedReferences))
    into.droppedReferences[k] = (into.droppedReferences[k] ?? 0) + n;
  const lists = ['emptied', 'skipped', 'repeated', 'conflicts', 'reenter', 'tokens', 'passwordless'] as const;
  for (const k of lists) for (const item of page[k]) pushCapped(into[k] as unknown[], item);
  for (const f of page.images.failed) pushCapped(into.images.failed, f);
  into.images.downloaded += page.images.downloaded;
  for (const text of page.notes) note(into, text);
  into.objectsWritten += page.objectsWritten;
}
