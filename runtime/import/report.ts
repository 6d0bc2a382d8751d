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
  /** objects not copied (secrets unreadable, a row PostgreSQL refused) */
  skipped: number;
  seconds: number;
}

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
  return (report.models[model] ??= { source: 0, written: 0, same: 0, conflicts: 0, skipped: 0, seconds: 0 });
}

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
    for (const k of ['source', 'written', 'same', 'conflicts', 'skipped', 'seconds'] as const) sum[k] += t[k];
  }
  for (const [model, fields] of Object.entries(page.lacking))
    for (const [field, c] of Object.entries(fields)) {
      const sum = ((into.lacking[model] ??= {})[field] ??= { objects: 0, withValue: 0 });
      sum.objects += c.objects;
      sum.withValue += c.withValue;
    }
  for (const [k, n] of Object.entries(page.droppedReferences))
    into.droppedReferences[k] = (into.droppedReferences[k] ?? 0) + n;
  const lists = ['emptied', 'skipped', 'conflicts', 'reenter', 'tokens', 'passwordless'] as const;
  for (const k of lists) for (const item of page[k]) pushCapped(into[k] as unknown[], item);
  for (const f of page.images.failed) pushCapped(into.images.failed, f);
  into.images.downloaded += page.images.downloaded;
  for (const text of page.notes) note(into, text);
  into.objectsWritten += page.objectsWritten;
}
