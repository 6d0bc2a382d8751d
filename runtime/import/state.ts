/**
 * Where a resumable import keeps its progress: the schema `netbox_import` in the target database,
 * written in the same transaction as each page's rows (so the two never disagree). It holds the
 * source, the last id of each model's finished pages, references and links still to set, and the
 * report so far; it is dropped when the import completes.
 */
import type { Db, Sql } from '../db/index.ts';
import { emptyReport, type ReportData } from './report.ts';
import { query, queryRow } from '../db/index.ts';

export const STATE_SCHEMA = 'netbox_import';

export interface ModelState {
  readonly lastId: number;
  readonly written: number;
  readonly done: boolean;
}

export interface SavedRun {
  readonly source: string;
  readonly options: Record<string, unknown>;
  readonly report: ReportData;
  readonly models: ReadonlyMap<string, ModelState>;
}

const schemaSql = `
CREATE SCHEMA IF NOT EXISTS ${STATE_SCHEMA};
CREATE TABLE IF NOT EXISTS ${STATE_SCHEMA}.run (
  id int PRIMARY KEY CHECK (id = 1), source text NOT NULL, options jsonb NOT NULL,
  started timestamptz NOT NULL DEFAULT now(), report jsonb NOT NULL);
CREATE TABLE IF NOT EXISTS ${STATE_SCHEMA}.model (
  key text PRIMARY KEY, last_id bigint NOT NULL DEFAULT 0, written bigint NOT NULL DEFAULT 0,
  done boolean NOT NULL DEFAULT false);
CREATE TABLE IF NOT EXISTS ${STATE_SCHEMA}.deferred (tbl text NOT NULL, col text NOT NULL, id bigint NOT NULL,
  value bigint NOT NULL);
CREATE TABLE IF NOT EXISTS ${STATE_SCHEMA}.link (field text NOT NULL, s bigint NOT NULL, t bigint NOT NULL);
`;

/** The run a previous import left unfinished, if any. */
export async function loadRun(db: Db): Promise<SavedRun | undefined> {
  const exists = await queryRow(db, `SELECT to_regclass('${STATE_SCHEMA}.run') IS NOT NULL AS ok`);
  if (!exists.ok) return undefined;
  const [run] = await query(db, `SELECT source, options, report FROM ${STATE_SCHEMA}.run WHERE id = 1`);
  if (!run) return undefined;
  const rows = await query(db, `SELECT key, last_id, written, done FROM ${STATE_SCHEMA}.model`);
  return {
    source: run.source as string,
    options: run.options as Record<string, unknown>,
    // a report an earlier release saved lacks the lists added since
    report: { ...emptyReport(run.source as string, ''), ...(run.report as ReportData) },
    models: new Map(
      rows.map((r) => [
        r.key as string,
        { lastId: Number(r.last_id), written: Number(r.written), done: r.done as boolean },
      ]),
    ),
  };
}

export async function startRun(
  sql: Sql,
  source: string,
  options: Record<string, unknown>,
  report: ReportData,
): Promise<void> {
  await query(sql, schemaSql);
  await query(
    sql,
    `INSERT INTO ${STATE_SCHEMA}.run (id, source, options, report) VALUES (1, $1, $2::text::jsonb, $3::text::jsonb)`,
    [source, JSON.stringify(options), JSON.stringify(report)],
  );
}

/** A finished page: the model's last id and count, and the report, in the page's transaction. */
export async function savePage(db: Db, model: string, lastId: number, written: number, report: ReportData) {
  await query(
    db,
    `INSERT INTO ${STATE_SCHEMA}.model (key, last_id, written) VALUES ($1, $2, $3)
      ON CONFLICT (key) DO UPDATE SET last_id = excluded.last_id, written = ${STATE_SCHEMA}.model.written + $3`,
    [model, lastId, written],
  );
  await saveReport(db, report);
}

export async function saveReport(db: Db, report: ReportData): Promise<void> {
  await query(db, `UPDATE ${STATE_SCHEMA}.run SET report = $1::text::jsonb WHERE id = 1`, [JSON.stringify(report)]);
}

export async function markDone(db: Db, models: readonly string[]): Promise<void> {
  await query(
    db,
    `INSERT INTO ${STATE_SCHEMA}.model (key, done) SELECT k, true FROM unnest($1::text[]) k
      ON CONFLICT (key) DO UPDATE SET done = true`,
    [models],
  );
}

export async function dropState(sql: Sql): Promise<void> {
  await query(sql, `DROP SCHEMA IF EXISTS ${STATE_SCHEMA} CASCADE`);
}
