/**
 * Lists read page by page, in id order (`ordering=id`, every NetBox since 2.x), with `id__gt` to
 * continue after the last page a previous run finished. Offsets are known from the first page's
 * count, so later pages are fetched side by side (the source's limiter bounds how many).
 */
import { SourceError, type Source } from './source.ts';

export interface Page {
  readonly count: number;
  readonly results: Record<string, unknown>[];
  readonly next: boolean;
}

export interface PageQuery {
  readonly limit: number;
  readonly offset: number;
  /** only objects with a larger id */
  readonly after?: number;
  /** further parameters (`omit=…`, filters) */
  readonly extra?: string;
}

export function pageUrl(path: string, q: PageQuery): string {
  const params = [`limit=${q.limit}`, `offset=${q.offset}`, 'ordering=id'];
  if (q.after) params.push(`id__gt=${q.after}`);
  if (q.extra) params.push(q.extra);
  return `/api/${path}/?${params.join('&')}`;
}

export async function readPage(source: Source, path: string, q: PageQuery): Promise<Page> {
  const url = pageUrl(path, q);
  const r = await source.get(url);
  const body = r.body as { count?: unknown; results?: unknown; next?: unknown } | null;
  if (r.status !== 200 || !body || !Array.isArray(body.results))
    throw new SourceError(`GET ${url}: not a list (${r.status})`, r.status, body);
  return {
    count: Number(body.count ?? body.results.length),
    results: body.results as Record<string, unknown>[],
    next: !!body.next,
  };
}

/** Every object of a (small) list: the first page, then the rest side by side. */
export async function readAll(source: Source, path: string, extra = '', limit = 1000): Promise<Record<string, any>[]> {
  const first = await readPage(source, path, { limit, offset: 0, extra });
  // a source whose MAX_PAGE_SIZE is lower answers shorter pages: the offsets follow its size
  const size = first.next ? Math.max(1, first.results.length) : limit;
  const offsets: number[] = [];
  for (let o = size; o < first.count; o += size) offsets.push(o);
  const rest = await Promise.all(offsets.map((offset) => readPage(source, path, { limit: size, offset, extra })));
  return [first, ...rest].flatMap((p) => p.results);
}
