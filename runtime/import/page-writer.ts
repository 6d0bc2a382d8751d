/**
 * A model's pages into the target, two at a time: while one page's rows go into PostgreSQL the next
 * is converted and its INSERT sent on another connection, but each page commits only after the one
 * before it, together with the resume state and the run's report. So the state always names the last
 * page of an unbroken run of committed pages, and the saved report counts exactly those pages (each
 * page notes its findings in a report of its own, merged in at its commit).
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, pauseCountersSql, type Db, query } from '../db/index.ts';
import type { Converted } from './convert.ts';
import { storeImages } from './media.ts';
import type { Checked } from './pages.ts';
import { emptyReport, mergeReport, pushCapped, tally, type ReportData } from './report.ts';
import type { Session } from './session.ts';
import { savePage } from './state.ts';
import { writePage, type ModelWriter } from './write.ts';

/** Pages whose rows are being written at once (each on its own connection). */
const IN_FLIGHT = 2;

export interface Copier {
  readonly convert: (o: Record<string, unknown>, report: ReportData) => Converted;
  readonly write: ModelWriter;
}

/** Tag slugs (a config context's tags are listed by slug) → the copied tags' ids. */
async function tagIds(db: Db, s: Session, page: Converted[]): Promise<void> {
  const slugs = [...new Set(page.flatMap((c) => (c.tags ?? []).filter((t) => typeof t === 'string')))];
  if (!slugs.length) return;
  const tag = s.registry.model('extras.tag');
  const rows = await query(db, `SELECT id, slug FROM ${ident(tag.table)} WHERE slug = ANY($1::text[])`, [slugs]);
  const ids = new Map(rows.map((r) => [r.slug as string, Number(r.id)]));
  for (const c of page)
    if (c.tags) c.tags = c.tags.map((t) => (typeof t === 'string' ? (ids.get(t) ?? 0) : t)).filter((t) => t !== 0);
}

export class PageWriter {
  /** objects written by the pages committed so far */
  written = 0;
  private committed: Promise<unknown> = Promise.resolve();
  private last = performance.now();
  private readonly inFlight: Promise<unknown>[] = [];

  constructor(
    private readonly s: Session,
    private readonly model: ModelDef,
    private readonly c: Copier,
  ) {}

  /**
   * Converts the page's new objects and starts writing them (those listed before are reported, the
   * first listing being the one copied); returns once no more than IN_FLIGHT pages are unwritten.
   */
  async add(page: Checked): Promise<void> {
    const { s, model } = this;
    const local = emptyReport('', '');
    for (const o of page.repeated) {
      tally(local, model.key).repeated++;
      pushCapped(local.repeated, { model: model.key, id: Number(o.id), reason: `listed again on ${page.where}` });
    }
    const converted = page.fresh.map((o) => this.c.convert(o, local));
    const media = { source: s.source, root: s.options.settings.mediaRoot, model: model.key, report: local };
    await storeImages(media, converted);
    await tagIds(s.sql, s, converted);
    const lastId = Math.max(0, ...converted.map((x) => x.id));
    const previous = this.committed;
    const done = s.sql
      .begin(async (tx) => {
        // the group's end counts the counter caches anew (finalize.ts)
        await query(tx, pauseCountersSql);
        const n = await writePage(tx, this.c.write, converted, local);
        tally(local, model.key).written += n;
        local.objectsWritten += n;
        // pages commit in order: a page whose predecessor failed is rolled back with it
        await previous;
        mergeReport(s.report, local);
        this.lap();
        await savePage(tx, model.key, lastId, n, s.report);
        return n;
      })
      .then((n) => {
        this.written += n;
        s.progress.advance(page.fresh.length + page.repeated.length);
      });
    // awaited below or by flush; a failure behind another must not go unobserved meanwhile
    done.catch(() => {});
    this.committed = done;
    this.inFlight.push(done);
    if (this.inFlight.length >= IN_FLIGHT) await this.inFlight.shift();
  }

  /** Adds the time since the last lap to the model's and the run's (saved with the next page). */
  lap(): void {
    const now = performance.now();
    tally(this.s.report, this.model.key).seconds += (now - this.last) / 1000;
    this.s.report.writeSeconds += (now - this.s.clock.last) / 1000;
    this.last = now;
    this.s.clock.last = now;
  }

  /** Waits for every page started; the first failure, if any, is thrown. */
  async flush(): Promise<void> {
    const pending = this.inFlight.splice(0);
    const results = await Promise.allSettled(pending);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}
