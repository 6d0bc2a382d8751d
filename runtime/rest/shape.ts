/**
 * Query parameters that shape and page a response: `fields`, `omit`, `brief`, `exclude`,
 * `limit`/`offset` and `ordering`, with NetBox's rules and strict errors for malformed values.
 */
import type { ModelDef, OrderTerm, Registry } from '../catalogue/index.ts';
import type { Settings } from '../config/index.ts';
import { invalidInput } from '../errors/index.ts';

const list = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function isBrief(q: URLSearchParams): boolean {
  const v = q.get('brief');
  return v !== null && !['', 'false', 'False', '0', 'no'].includes(v);
}

/** Field names to render, in model order: `fields` wins over `omit`, which wins over `brief`. */
export function shapeFields(model: ModelDef, q: URLSearchParams): string[] {
  const all = model.fields.filter((f) => !f.hidden && !f.writeOnly && !f.unlisted).map((f) => f.name);
  const excluded = new Set(list(q.get('exclude')));
  let names: string[];
  if (q.has('fields')) {
    const wanted = new Set(list(q.get('fields')));
    names = all.filter((n) => wanted.has(n));
  } else if (q.has('omit')) {
    const omitted = new Set(list(q.get('omit')));
    names = (isBrief(q) ? model.brief : all).filter((n) => !omitted.has(n));
  } else {
    names = isBrief(q) ? [...model.brief] : all;
  }
  return names.filter((n) => !excluded.has(n));
}

export interface Page {
  readonly limit: number | null;
  readonly offset: number;
}

function nonNegative(q: URLSearchParams, name: string, strict: boolean): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  if (/^\d{1,12}$/.test(raw.trim())) return Number(raw);
  if (strict) throw invalidInput({ [name]: [`Enter a non-negative whole number (got "${raw.slice(0, 50)}").`] });
  return undefined;
}

/** `limit=0` means the maximum page size, or everything when MAX_PAGE_SIZE is 0. */
export function parsePage(q: URLSearchParams, settings: Settings): Page {
  const strict = settings.strictFiltering;
  const max = settings.maxPageSize;
  const requested = nonNegative(q, 'limit', strict);
  const offset = nonNegative(q, 'offset', strict) ?? 0;
  let limit: number | null;
  if (requested === undefined) limit = max ? Math.min(settings.paginateCount, max) : settings.paginateCount;
  else if (requested === 0) limit = max ? max : null;
  else limit = max ? Math.min(requested, max) : requested;
  return { limit, offset };
}

/**
 * `start=N` (NetBox 4.6 cursor mode): rows with id ≥ N in id order, no count. Its errors are 400s
 * with a JSON array body, as DRF raises them from a plain string.
 */
export function parseCursor(q: URLSearchParams): number | undefined {
  const raw = q.get('start');
  if (raw === null) return undefined;
  if (!/^\d{1,15}$/.test(raw.trim()))
    throw invalidInput(["Invalid 'start' parameter: must be a non-negative integer."]);
  if (q.has('offset')) throw invalidInput(["'start' and 'offset' are mutually exclusive."]);
  if (q.has('ordering'))
    throw invalidInput(['Ordering cannot be specified in conjunction with cursor-based pagination.']);
  return Number(raw.trim());
}

/** The next page of cursor mode: the request URL with `start` after the last row, `limit` set, no offset. */
export function cursorUrl(url: URL, limit: number, start: number): string {
  const params = new URLSearchParams(url.search);
  params.set('limit', String(limit));
  params.set('start', String(start));
  params.delete('offset');
  const entries = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.origin}${url.pathname}?${new URLSearchParams(entries).toString()}`;
}

/** `ordering=a,-b`: known fields only (strict) or unknown terms dropped (lenient). */
export function parseOrdering(registry: Registry, model: ModelDef, raw: string | null, strict: boolean): OrderTerm[] {
  const byDefault = model.listOrdering ?? model.ordering;
  if (raw === null || raw.trim() === '') return [...byDefault];
  const terms: OrderTerm[] = [];
  const bad: string[] = [];
  for (const part of list(raw)) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    const f = registry.field(model, name);
    const orderable =
      f &&
      !f.hidden &&
      !f.writeOnly &&
      (f.column || (f.kind === 'computed' && (f.computed.type === 'expr' || f.computed.type === 'tree_depth')));
    if (orderable || name === 'id') terms.push({ field: name, desc });
    else bad.push(part);
  }
  if (bad.length && strict)
    throw invalidInput({
      ordering: [
        `Cannot order by ${bad.map((b) => `"${b.slice(0, 50)}"`).join(', ')}: not a field of ` +
          `${model.verboseNamePlural}.`,
      ],
    });
  return terms.length ? terms : [...byDefault];
}

/** next/previous links: the request URL with limit and offset set, parameters sorted (DRF). */
export function pageUrl(url: URL, limit: number, offset: number | null): string {
  const params = new URLSearchParams(url.search);
  params.set('limit', String(limit));
  if (offset === null || offset <= 0) params.delete('offset');
  else params.set('offset', String(offset));
  const entries = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(entries).toString();
  return `${url.origin}${url.pathname}${search ? `?${search}` : ''}`;
}
