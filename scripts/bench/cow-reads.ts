/**
 * Reads of the copy-on-write prototypes: a branch (of each candidate) changes every `rows / changed`th row
 * of `dev` (a tenth of them deleted, half renamed, all planned), main then updates as many others, and
 * each read runs on main as it is today and through each formulation of the branch's view: the median of
 * repeated runs of the same prepared statement (a generic plan, as the service's hot reads use). A row
 * per formulation: each read's milliseconds, the worst ratio to today's, the join's planning time (a
 * statement not prepared plans every view again) and the ordered list's plan.
 */
import { query, type Sql, type SqlParam } from '../../runtime/db/index.ts';
import type { Result } from './harness.ts';
import * as c from './cow-sql.ts';
import * as cb from './cow-sql-b.ts';
import { aClose, aOpen, bClose, bOpen, r2, run, sharedClose, sharedOpen, type CowOptions } from './cow-branches.ts';

/** The branch of (a) with shared overlays that reads (its id in cow_a_branch, beside the schemas' ids). */
const SHARED_BRANCH = 1001;

/** Where a formulation reads: its device relation and the site relation beside it. */
interface Side {
  readonly name: string;
  readonly dev: string;
  readonly site: string;
}

const READS = (o: CowOptions, changedId: number): [string, string, SqlParam[]][] => [
  ['list', 'SELECT * FROM DEV ORDER BY name, id LIMIT 50', []],
  [
    `list @${Math.min(5000, o.rows / 2)}`,
    'SELECT * FROM DEV ORDER BY name, id LIMIT 50 OFFSET $1',
    [Math.min(5000, o.rows / 2)],
  ],
  ['filter', `SELECT * FROM DEV WHERE site_id = $1 AND status = 'active' ORDER BY name, id LIMIT 50`, [2]],
  [
    'join',
    'SELECT d.*, s.name AS site_name FROM DEV d JOIN SITE s ON s.id = d.site_id ORDER BY d.name, d.id LIMIT 50',
    [],
  ],
  ['count', 'SELECT count(*) FROM DEV', []],
  ['detail (changed)', 'SELECT * FROM DEV WHERE id = $1', [changedId]],
  ['detail', 'SELECT * FROM DEV WHERE id = $1', [3]],
];

/** The formulations of a branch's view measured: its name, how it masks main's rows, where its conditions stand. */
const VIEWS: [string, c.Masking, c.Shape][] = [
  ['dev_arms_exists', 'exists', 'arms'],
  ['dev_arms_in', 'in', 'arms'],
  ['dev_above_exists', 'exists', 'above'],
  ['dev_above_in', 'in', 'above'],
];

/** Median milliseconds of a prepared statement, after warming it past the custom plans. */
async function median(sql: Sql, text: string, params: SqlParam[]): Promise<number> {
  const times: number[] = [];
  const until = performance.now() + 700;
  for (let i = 0; i < 300 && (i < 12 || performance.now() < until); i++) {
    const t = performance.now();
    await query(sql, text, params, { prepare: true });
    if (i >= 6) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** The ordered list's plan (Merge Append or a Sort of every row) and the join's planning time. */
async function plan(sql: Sql, list: [string, SqlParam[]], join: string): Promise<{ shape: string; planning: number }> {
  const rows = await query(sql, `EXPLAIN (COSTS OFF) ${list[0]}`, list[1]);
  const shape = rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  const summary = await query(sql, `EXPLAIN (COSTS OFF, SUMMARY) ${join}`);
  const line = summary.map((r) => String(r['QUERY PLAN'])).find((l) => l.startsWith('Planning Time')) ?? '';
  return {
    shape: shape.includes('Merge Append') ? 'Merge Append' : shape.includes('Sort') ? 'Sort' : 'Index Scan',
    planning: Number(/([\d.]+) ms/.exec(line)?.[1] ?? 0),
  };
}

/** The branch's changes (both candidates alike), then main's after its base. */
async function change(sql: Sql, o: CowOptions, step: number): Promise<void> {
  const rows = (where: string) =>
    `SELECT id, CASE WHEN id % 2 = 0 THEN name || '-b' ELSE name END, site_id, 'planned', serial, 'changed in branch',
       comments, custom_field_data, created, now(), (id / ${step}) % 10 = 0 FROM ${where} id % ${step} = 1`;
  await run(sql, `INSERT INTO cow_a_1.dev__rows (${c.COLUMNS.join(', ')}, _deleted) ${rows('dev WHERE')}`);
  await run(
    sql,
    `INSERT INTO dev__rows_all (branch_id, ${c.COLUMNS.join(', ')}, _deleted)
      SELECT ${SHARED_BRANCH}, s.* FROM (${rows('dev WHERE')}) s`,
  );
  await run(
    sql,
    `INSERT INTO devv (_branch, ${c.COLUMNS.join(', ')}, _deleted)
      SELECT 1, s.* FROM (${rows('devv WHERE _branch = 0 AND _to IS NULL AND')}) s`,
  );
  await run(sql, `UPDATE dev SET description = 'main after base', last_updated = now() WHERE id % ${step} = 2`);
  await run(
    sql,
    `UPDATE devv SET description = 'main after base', last_updated = now(), _from = pg_current_xact_id()
      WHERE _branch = 0 AND _to IS NULL AND id % ${step} = 2`,
  );
  await run(sql, 'ANALYZE');
}

export async function reads(sql: Sql, o: CowOptions): Promise<Result[]> {
  const step = Math.max(2, Math.floor(o.rows / o.changed));
  await aOpen(sql, 1, o);
  await bOpen(sql, 1);
  await sharedOpen(sql, SHARED_BRANCH);
  const [row] = await query<{ base: string }>(sql, 'SELECT base::text AS base FROM cow_a_branch WHERE id = 1');
  const base = row?.base ?? '';
  for (const [view, masking, shape] of VIEWS) {
    await run(sql, c.aView('dev', c.schemaOverlay('cow_a_1', 'dev', view, base), masking, shape));
    await run(sql, cb.bView(view, masking, shape));
    if (shape === 'above') await run(sql, c.aView('dev', c.sharedOverlay('dev', view), masking, shape));
  }
  await change(sql, o, step);
  await run(sql, `SET cow.branch = '1'; SET cow.abranch = '${SHARED_BRANCH}'`);
  const how = (masking: c.Masking, shape: c.Shape) =>
    `${masking === 'in' ? 'NOT IN' : 'NOT EXISTS'}, ` +
    `conditions ${shape === 'arms' ? 'in the arms' : 'above the UNION ALL'}`;
  const sides: Side[] = [
    { name: 'today, main', dev: 'public.dev', site: 'public.site' },
    ...VIEWS.map(([view, masking, shape]) => ({
      name: `(a) branch, ${how(masking, shape)}`,
      dev: `cow_a_1.${view}`,
      site: 'cow_a_1.site',
    })),
    ...VIEWS.filter(([, , shape]) => shape === 'above').map(([view, masking, shape]) => ({
      name: `(a) with shared overlays, branch, ${how(masking, shape)}`,
      dev: `cow_c.${view}`,
      site: 'cow_c.site',
    })),
    { name: '(b) main (current versions)', dev: 'bmain.dev', site: 'bmain.site' },
    ...VIEWS.map(([view, masking, shape]) => ({
      name: `(b) branch, ${how(masking, shape)}`,
      dev: `bbranch.${view}`,
      site: 'bbranch.site',
    })),
  ];
  const reads = READS(o, step + 1);
  const today = new Map<string, number>();
  const out: Result[] = [];
  for (const side of sides) {
    const metrics: Record<string, number | string> = {};
    const on = (text: string) => text.replace(/DEV/g, side.dev).replace(/SITE/g, side.site);
    let worst = 0;
    for (const [name, text, params] of reads) {
      const ms = await median(sql, on(text), params);
      if (!today.has(name)) today.set(name, ms);
      metrics[`${name} ms`] = r2(ms);
      worst = Math.max(worst, ms / (today.get(name) || ms));
    }
    const [, listText, listParams] = reads[1] ?? ['', '', []];
    const [, joinText] = reads[3] ?? ['', ''];
    const p = await plan(sql, [on(listText), listParams], on(joinText));
    metrics['worst ×'] = r2(worst);
    metrics['join planning ms'] = p.planning;
    metrics.plan = p.shape;
    const at = `${o.rows.toLocaleString('en')} rows`;
    const moved = `${o.changed.toLocaleString('en')} changed in the branch and as many by main since its base`;
    out.push({ scenario: `cow reads at ${at}${side === sides[0] ? '' : `, ${moved}`}: ${side.name}`, metrics });
  }
  await run(sql, 'RESET cow.branch');
  await aClose(sql, 1);
  await bClose(sql, 1);
  await sharedClose(sql, SHARED_BRANCH);
  return out;
}
