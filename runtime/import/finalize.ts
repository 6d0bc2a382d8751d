/**
 * What a group's completion and the import's end bring into line, with the write path's own
 * functions: held-back references and links set, tree columns (`_path`, `_sort`, `_depth`) computed
 * by persist.ts's refreshTree, stored keys (`_name`) by keys.ts's refreshKeys, counter caches counted
 * anew, id sequences moved past the largest id copied (new objects continue after the source's), and
 * every process's caches told that users, tokens, permissions, custom fields and config contexts changed.
 */
import { counterCaches, type ModelDef, type Registry } from '../catalogue/index.ts';
import { ident, notifyChanged, recountSql, type Db, type Tx, query } from '../db/index.ts';
import { refreshTree, refreshKeys } from '../write/index.ts';
import { customFieldsCache } from '../custom-fields/index.ts';
import { authCache } from '../auth/index.ts';
import { configContextCache } from '../read/index.ts';
import type { Group } from './plan.ts';
import { releaseLinks, releaseReferences } from './links.ts';
import type { ReportData } from './report.ts';
import { markDone, saveReport } from './state.ts';

/** Moves a model's id sequence past its largest id (never back). */
export async function advanceSequence(db: Db, model: ModelDef): Promise<void> {
  await query(
    db,
    `SELECT setval('public.${model.sequence}', m) FROM (SELECT max(id) AS m FROM ${ident(model.table)}) x
      WHERE m IS NOT NULL AND m > (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END
      FROM public.${ident(model.sequence)})`,
  );
}

/** A group is in: its references and links are set, its trees computed, its sequences moved. */
export async function finishGroup(tx: Tx, registry: Registry, group: Group, report: ReportData): Promise<void> {
  await releaseReferences(tx, registry, group.models, report);
  await releaseLinks(tx, registry, group.late, report);
  for (const m of group.models) {
    if (m.tree) await refreshTree(tx, m);
    await refreshKeys(tx, m);
    await advanceSequence(tx, m);
  }
  // the pages were written with the counters paused (page-writer.ts)
  const written = new Set(group.models.map((m) => m.table));
  for (const c of counterCaches(registry)) if (written.has(c.child)) await query(tx, recountSql('public', c));
  await markDone(
    tx,
    group.models.map((m) => m.key),
  );
  // what the group's completion added (references not set, a model's objects never listed) is resumed with it
  await saveReport(tx, report);
}

/** Every process serving this database drops what it cached of the copied rows. */
export async function notifyCaches(db: Db): Promise<void> {
  for (const c of [customFieldsCache, authCache, configContextCache]) await notifyChanged(db, c.topic);
}
