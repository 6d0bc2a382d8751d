/**
 * Lists read page by page, in id order (`ordering=id`, every NetBox since 2.x), with `id__gt` to
 * continue after the last page a previous run finished. Offsets are known from the first page's
 * count, so later pages are fetched side by side (the source's limiter bounds how many). The import
 * makes every page's address itself and never follows a `next` link the source sends (to another
 * host, another list, or back): a list ends at its count or at an empty page (ListCursor).
 */
import { SourceError, type Source } from './source.ts';

type Obj = Record<string, unknown>;

export interface Page {
  readonly count: number;
  readonly results: Obj[];
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

/** A page named as a person reads it: `the list /api/dcim/devices/, page 3 (offset 2000)`. */
export function pageName(path: string, q: PageQuery): string {
  const after = q.after ? `, ids above ${q.after}` : '';
  return `the list /api/${path}/, page ${Math.floor(q.offset / q.limit) + 1} (offset ${q.offset}${after})`;
}

export async function readPage(source: Source, path: string, q: PageQuery): Promise<Page> {
  const url = pageUrl(path, q);
  const r = await source.get(url).catch((e: unknown) => {
    if (!(e instanceof SourceError)) throw e;
    throw new SourceError(`${pageName(path, q)}: ${e.message}`, e.status, e.body);
  });
  const body = r.body as { count?: unknown; results?: unknown; next?: unknown } | null;
  if (r.status !== 200 || !body || !Array.isArray(body.results))
    throw new SourceError(`${pageName(path, q)}: not a list (${r.status}): GET ${url}`, r.status, body);
  return {
    count: Number(body.count ?? body.results.length),
    results: body.results as Obj[],
    next: !!body.next,
  };
}

/** What one page of a list brought. */
export interface Checked {
  /** objects not listed before, in the order listed */
  readonly fresh: Obj[];
  /** objects whose id was listed before (on this page or an earlier one) or is out of id order */
  readonly repeated: Obj[];
  /** whether another page follows */
  readonly more: boolean;
  /** the page as a person names it (pageName) */
  readonly where: string;
}

/**
 * One list's pages, checked in order as they are used. Ids only grow in a list read `ordering=id`,
 * so an object whose id is not above the last one seen is listed again; a page with nothing new
 * means the source's paging leads back (a `next` to a page already read, pages that cycle) and stops
 * the import, naming the list and the page. The list ends when a page is empty, says there is no
 * `next`, or reaches the count it gives, whatever its `next` says.
 */
export class ListCursor {
  /** distinct objects listed so far */
  listed = 0;
  private last: number;

  constructor(
    private readonly path: string,
    after = 0,
  ) {
    this.last = after;
  }

  check(page: Page, q: PageQuery): Checked {
    const fresh: Obj[] = [];
    const repeated: Obj[] = [];
    for (const o of page.results) {
      const id = Number(o.id);
      if (id > this.last) {
        fresh.push(o);
        this.last = id;
      } else repeated.push(o);
    }
    const where = pageName(this.path, q);
    if (repeated.length && !fresh.length) {
      const ids = repeated.map((o) => Number(o.id));
      throw new SourceError(
        `${where}: every object on it was listed before (ids ${Math.min(...ids)} to ` +
          `${Math.max(...ids)}): the source's pages lead back to pages already read`,
      );
    }
    this.listed += fresh.length;
    const more = page.next && page.results.length > 0 && q.offset + page.results.length < page.count;
    return { fresh, repeated, more, where };
  }
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
