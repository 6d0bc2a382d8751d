/**
 * The object types are this service's own rows, but a copy numbers them as the source does: a NetBox
 * upgraded from older releases gives its types other ids than a fresh NetBox 4.6 (whose ids the service
 * starts with), and its clients, `*_type_id` filters and change records (copied with --with-changelog)
 * name them by those. Only into a database with no objects of its own (not --merge: what is here already
 * may name the service's ids).
 */
import { keepSourceIds } from '../catalogue/index.ts';
import type { Sql } from '../db/index.ts';
import type { SourceInfo } from './discover.ts';
import { readAll } from './pages.ts';
import { note, type ReportData } from './report.ts';
import type { Source } from './source.ts';

export async function objectTypeIds(sql: Sql, source: Source, info: SourceInfo, report: ReportData): Promise<void> {
  const path = info.paths.get('core.objecttype');
  if (!path) {
    note(report, "object types keep this service's ids (NetBox 4.6's): the source lists none (a NetBox before 4.0)");
    return;
  }
  const types = (await readAll(source, path, 'brief=1')).map((t) => ({
    id: Number(t.id),
    app_label: String(t.app_label),
    model: String(t.model),
  }));
  await keepSourceIds(sql, types, source.base);
}
