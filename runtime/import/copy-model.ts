/**
 * One model copied page by page: pages fetched ahead (up to twice the source's concurrency), each
 * converted, its secrets handled and images stored, then written in its own transaction together
 * with the resume state, committed in id order (page-writer.ts), so that an interrupted import
 * continues after the last page that committed. A model the source had none of is not read at all.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { Converter } from './convert.ts';
import { sourcePath } from './discover.ts';
import { PageWriter, type Copier } from './page-writer.ts';
import { ListCursor, readPage, type Page } from './pages.ts';
import type { Group } from './plan.ts';
import { modelShortfalls, tally } from './report.ts';
import { readHiddenFlags, Secrets } from './secrets.ts';
import type { Session } from './session.ts';
import { modelWriter } from './write.ts';

/**
 * Fields the source renders that an import does not need (counts, traced paths): left out of the reads.
 * An older name shown here as a computed copy (a device's `device_role`) is an older source's own field.
 */
export function omitted(model: ModelDef): string {
  const older = new Set(model.aliases.map((a) => a.name));
  const names = model.fields.filter((f) => f.kind === 'computed' && !older.has(f.name)).map((f) => f.name);
  const contexts = model.fields.some((f) => f.kind === 'computed' && f.computed.type === 'config_context');
  const parts = names.length ? [`omit=${names.join(',')}`] : [];
  if (contexts) parts.push('exclude=config_context');
  return parts.join('&');
}

async function copier(s: Session, model: ModelDef, group: Group, path: string): Promise<Copier> {
  const flags = await readHiddenFlags(s.source, s.registry, model, path, s.report);
  const columns = s.columns.get(model.table);
  if (!columns) throw new Error(`the target database has no table ${model.table}`);
  const converter = new Converter({
    registry: s.registry,
    model,
    copied: s.copied,
    deferred: new Set((group.deferred.get(model.key) ?? []).map((f) => f.name)),
    columns,
    customFields: s.customFields,
    tagsFromObjects: s.tagsFromObjects,
  });
  const secrets = new Secrets(model, flags);
  const seeded = s.seeded.has(model.table);
  const write = modelWriter(
    s.registry,
    model,
    columns,
    {
      compare: s.merge || seeded,
      adoptTimestamps: seeded,
      late: group.late,
      tagsFromObjects: s.tagsFromObjects,
      notCopied: (key, id) => s.report.skipped.some((f) => f.model === key && f.id === id),
    },
    group.deferred.get(model.key) ?? [],
  );
  return {
    convert: (o, report) => {
      const c = converter.convert(o, report);
      secrets.apply(c, report);
      return c;
    },
    write,
  };
}

/** Copies the model's objects after `after` (the last id a previous run finished). */
export async function copyModel(s: Session, model: ModelDef, group: Group, after: number): Promise<void> {
  const t = tally(s.report, model.key);
  // none to copy when the import began (the source's count): no reads, no pages
  if (s.remaining.get(model.key) === 0) return;
  const path = sourcePath(s.info, model.key);
  const extra = omitted(model);
  const writer = new PageWriter(s, model, await copier(s, model, group, path));
  const first = await readPage(s.source, path, { limit: s.pageSize, offset: 0, after, extra });
  if (!after) t.source = first.count;
  s.progress.begin(model.key, first.count);
  // a source with a lower MAX_PAGE_SIZE answers shorter pages: offsets follow its size
  const size = first.next ? Math.max(1, first.results.length) : s.pageSize;
  const ahead = Math.max(2, s.options.concurrency ?? 4) * 2;
  const pending = new Map<number, Promise<Page>>();
  const fetch = (k: number): Promise<Page> => {
    const asked = pending.get(k);
    if (asked) return asked;
    const p = readPage(s.source, path, { limit: size, offset: k * size, after, extra });
    p.catch(() => {}); // awaited in turn; one fetched ahead of a failure must not fail unobserved
    pending.set(k, p);
    return p;
  };
  pending.set(0, Promise.resolve(first));
  const cursor = new ListCursor(path, after);
  try {
    for (let k = 0; ; k++) {
      s.options.signal?.throwIfAborted();
      for (let j = k + 1; j <= k + ahead && j * size < first.count; j++) fetch(j);
      const page = cursor.check(await fetch(k), { limit: size, offset: k * size, after });
      pending.delete(k);
      await writer.add(page);
      if (!page.more) break;
    }
  } finally {
    // the pages being written are finished (Ctrl-C stops after them), and a failure among them reported
    await writer.flush();
  }
  // saved with the group's completion (or the next page)
  t.unlisted += Math.max(0, first.count - cursor.listed);
  writer.lap();
  s.progress.end(writer.written, 'written', modelShortfalls(t));
}
