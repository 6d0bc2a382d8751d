/**
 * The copy itself: what the source has, what may be written (an empty target, or --merge, or the
 * state of an import to resume), then every group of the plan in order, each finished as a whole,
 * and at the end the caches told and the resume state dropped.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import { syncObjectTypes } from '../catalogue/index.ts';
import { tables, type Sql } from '../db/index.ts';
import { tableColumns } from './columns.ts';
import { copyModel } from './copy-model.ts';
import { discover, type SourceInfo } from './discover.ts';
import { exclusionReason } from './exclusions.ts';
import { finishGroup, notifyCaches } from './finalize.ts';
import { ImportRefused, type ImportOptions } from './options.ts';
import { readAll } from './pages.ts';
import { checkSuperusers, markSuperusers } from './secrets.ts';
import { objectTypeIds } from './object-types.ts';
import { planImport } from './plan.ts';
import { Progress } from './progress.ts';
import { emptyReport, UNREADABLE, type ReportData } from './report.ts';
import type { Session } from './session.ts';
import { SourceError, type Source } from './source.ts';
import { dropState, loadRun, startRun, type SavedRun } from './state.ts';
import { occupiedModels, seededTables } from './target.ts';

export interface Scope {
  readonly info: SourceInfo;
  readonly copied: ModelDef[];
  readonly report: ReportData;
  /** model key → objects still to copy when this run began */
  readonly remaining: ReadonlyMap<string, number>;
}

/**
 * Per model, the objects still to copy (after the last page a previous run finished), or why the token
 * may not read its list (NetBox answers 403 for a model the user has no view permission on).
 */
async function remaining(source: Source, info: SourceInfo, models: ModelDef[], saved?: SavedRun) {
  const counts = await Promise.all(
    models.map(async (m): Promise<[string, number | string]> => {
      const state = saved?.models.get(m.key);
      if (state?.done) return [m.key, 0];
      const after = state?.lastId ? `&id__gt=${state.lastId}` : '';
      const path = `${info.paths.get(m.key)}/?limit=1&brief=1&ordering=id${after}`;
      try {
        const r = await source.get(`/api/${path}`);
        return [m.key, Number((r.body as { count?: unknown } | null)?.count ?? 0)];
      } catch (e) {
        if (e instanceof SourceError && e.status === 403) return [m.key, `${path.split('/?')[0]}: 403`];
        throw e;
      }
    }),
  );
  return new Map(counts);
}

/** What is copied: the catalogue less what is never copied, what the source does not have or will not show. */
async function scope(o: ImportOptions, registry: Registry, source: Source, saved?: SavedRun): Promise<Scope> {
  const withChangelog = saved ? !!saved.options.withChangelog : !!o.withChangelog;
  const reasons = new Map<string, string>();
  for (const m of registry.all()) {
    const why = exclusionReason(m, withChangelog);
    if (why) reasons.set(m.key, why);
  }
  const candidates = registry.all().filter((m) => !reasons.has(m.key));
  // the object types are not copied, but their ids are kept (objectTypeIds): their list is looked for too
  const info = await discover(source, [...candidates, ...registry.all().filter((m) => m.table === tables.objectType)]);
  const report = saved?.report ?? emptyReport(source.base, info.version);
  const listed = candidates.filter((m) => info.paths.has(m.key));
  const counts = await remaining(source, info, listed, saved);
  const unreadable = new Map([...info.unreadable, ...[...counts].filter(([, c]) => typeof c === 'string')]);
  for (const m of candidates) {
    if (unreadable.has(m.key)) reasons.set(m.key, `${UNREADABLE}: ${unreadable.get(m.key)}`);
    else if (!info.paths.has(m.key)) reasons.set(m.key, 'the source has no such list (an older NetBox)');
  }
  for (const [k, why] of reasons) report.notCopied[k] = why;
  const copied = listed.filter((m) => !unreadable.has(m.key));
  return { info, copied, report, remaining: new Map(copied.map((m) => [m.key, counts.get(m.key) as number])) };
}

async function customFieldTypes(source: Source, info: SourceInfo): Promise<Map<string, string>> {
  const path = info.paths.get('extras.customfield');
  if (!path) return new Map();
  const defs = await readAll(source, path);
  return new Map(defs.map((d) => [String(d.name), String(d.type?.value ?? d.type)]));
}

/** Refuses a target with objects of its own (unless --merge), and records the run for --resume. */
async function begin(o: ImportOptions, sql: Sql, source: Source, sc: Scope, seeded: Set<string>) {
  if (!o.merge) {
    const occupied = await occupiedModels(sql, sc.copied, seeded);
    if (occupied.length)
      throw new ImportRefused(
        `the target database holds objects already (${occupied.slice(0, 6).join(', ')}` +
          `${occupied.length > 6 ? ', …' : ''}): copy into an empty database, or pass --merge to keep them ` +
          '(an object with the same id and other content is then reported as a conflict, never overwritten)',
      );
  }
  await startRun(sql, source.base, { merge: !!o.merge, withChangelog: !!o.withChangelog }, sc.report);
}

/** Copies the source into the target database; the report says what was and was not copied. */
export async function copyNetbox(o: ImportOptions, sql: Sql, registry: Registry, source: Source): Promise<Scope> {
  const saved = await loadRun(sql);
  if (saved && !o.resume)
    throw new ImportRefused(
      `an import from ${saved.source} did not finish in this database: run it again with --resume to continue it`,
    );
  if (!saved && o.resume) throw new ImportRefused('there is no unfinished import to resume in this database');
  if (saved && saved.source !== source.base)
    throw new ImportRefused(`the unfinished import here copies ${saved.source}, not ${source.base}`);
  const sc = await scope(o, registry, source, saved);
  await checkSuperusers(
    source,
    sc.copied.some((m) => m.key === 'users.user') ? sc.info.paths.get('users.user') : undefined,
    o.superusers ?? [],
  );
  const seeded = seededTables(o.migrationsFolder);
  if (!saved) await begin(o, sql, source, sc, seeded);
  const base = {
    options: o,
    registry,
    sql,
    source,
    info: sc.info,
    report: sc.report,
    copied: new Set(sc.copied.map((m) => m.key)),
    saved,
    columns: await tableColumns(
      sql,
      sc.copied.map((m) => m.table),
    ),
    seeded,
    merge: saved ? !!saved.options.merge : !!o.merge,
    customFields: await customFieldTypes(source, sc.info),
    tagsFromObjects: !sc.copied.some((m) => m.table === tables.taggedItem),
    pageSize: o.pageSize ?? 1000,
  };
  const total = [...sc.remaining.values()].reduce((a, b) => a + b, 0);
  const out = o.output ?? process.stdout;
  out.write(
    `${saved ? 'Resuming' : 'Copying'}: ${total.toLocaleString('en')} objects of ${sc.copied.length} models ` +
      `from ${source.base} (NetBox ${sc.info.version || 'version unknown'})\n`,
  );
  const clock = { last: performance.now() };
  const s: Session = { ...base, remaining: sc.remaining, progress: new Progress(out, total), clock };
  for (const group of planImport(registry, [...s.copied]).groups) {
    const states = group.models.map((m) => saved?.models.get(m.key));
    if (states.every((x) => x?.done)) continue;
    for (const [i, m] of group.models.entries()) await copyModel(s, m, group, states[i]?.lastId ?? 0);
    await sql.begin((tx) => finishGroup(tx, registry, group, s.report));
  }
  s.report.writeSeconds += (performance.now() - clock.last) / 1000;
  const stats = source.limiter.stats;
  s.report.source_requests = {
    requests: source.requests,
    retries: source.retries,
    slowdowns: stats.slowdowns,
    lowestConcurrency: stats.lowest,
  };
  await markSuperusers(sql, o.superusers ?? [], s.report);
  await notifyCaches(sql);
  await syncObjectTypes(sql, registry);
  if (!base.merge) await objectTypeIds(sql, source, sc.info, s.report);
  await dropState(sql);
  return sc;
}
