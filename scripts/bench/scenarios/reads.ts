/**
 * Read scenarios, each against the server and against the ceiling (the same page's minimal SQL
 * behind a bare route): requests/s under load (10 connections) and on one connection, and the ratio of
 * each to the ceiling's; latency (p50, p99) of one client alone; and the SQL statements a page costs
 * (statements.ts). With builds to compare (`--compare`), every build is measured scenario by scenario
 * beside the others and the same ceiling, each on a database of its own with the same data set, so
 * their numbers share the moment's load. Targets (issue 37): every read at ≥ 0.5 of its same-SQL
 * ceiling with 10 connections and with one, 1,000 interfaces under 50 ms p50, the deep offset page
 * under 20 ms p50.
 */
import { AUTH, type Result } from '../harness.ts';
import { load, warm, type LoadResult } from '../load.ts';
import type { Dataset } from '../dataset.ts';
import { statements } from '../statements.ts';
import type { PgCounter } from '../../../tests/helpers/pg-counter.ts';

/** A build's server to measure, a second one of it that counts statements, and the data set it holds. */
export interface ReadTarget {
  readonly build: string;
  readonly server: string;
  readonly counted: { readonly url: string; readonly counter: PgCounter };
  readonly data: Dataset;
}

interface Scenario {
  readonly name: string;
  readonly server: string;
  /** the same page's SQL (joins and counts) behind a bare route */
  readonly ceiling: string;
  /** the table's own rows only: the per-request cost of a route, a query and JSON */
  readonly bare: string;
  readonly p50Target?: number;
}

export function readScenarios(data: Dataset): Scenario[] {
  const device = data.deviceIds[Math.floor(data.deviceIds.length / 2)]!;
  const site = data.siteIds[1] ?? data.siteIds[0]!;
  const deep = Math.max(0, Math.min(90_000, (data.counts['dcim/interfaces'] ?? 0) - 50));
  return [
    {
      name: 'list 50 sites (complete)',
      server: '/api/dcim/sites/?limit=50',
      ceiling: '/sites?limit=50',
      bare: '/bare/sites?limit=50',
    },
    {
      name: 'list 50 devices (complete, nested relations)',
      server: '/api/dcim/devices/?limit=50',
      ceiling: '/devices?limit=50',
      bare: '/bare/devices?limit=50',
    },
    {
      name: 'list 1,000 interfaces',
      server: '/api/dcim/interfaces/?limit=1000',
      ceiling: '/interfaces?limit=1000',
      bare: '/bare/interfaces?limit=1000',
      p50Target: 50,
    },
    {
      name: 'brief list of 1,000 prefixes',
      server: '/api/ipam/prefixes/?limit=1000&brief=true',
      ceiling: '/prefixes?limit=1000',
      bare: '/bare/prefixes?limit=1000',
    },
    {
      name: 'detail GET of a device',
      server: `/api/dcim/devices/${device}/`,
      ceiling: `/devices/${device}`,
      bare: `/bare/devices/${device}`,
    },
    {
      name: 'filtered device list (site_id, status, name__ic)',
      server: `/api/dcim/devices/?site_id=${site}&status=active&name__ic=dev-1&limit=50`,
      ceiling: `/devices?site_id=${site}&status=active&name__ic=dev-1&limit=50`,
      bare: `/bare/devices?site_id=${site}&status=active&name__ic=dev-1&limit=50`,
    },
    {
      name: `deep offset page (interfaces, offset ${deep.toLocaleString('en')})`,
      server: `/api/dcim/interfaces/?limit=50&offset=${deep}`,
      ceiling: `/interfaces?limit=50&offset=${deep}`,
      bare: `/bare/interfaces?limit=50&offset=${deep}`,
      p50Target: 20,
    },
  ];
}

/** The ceiling's numbers for a scenario: the same SQL loaded and on one connection, and the bare route. */
interface Ceiling {
  readonly top: LoadResult;
  readonly alone: LoadResult;
  readonly bare: LoadResult;
}

const ratio = (a: number, b: number) => (b ? +(a / b).toFixed(2) : 0);

function row(s: Scenario, top: Ceiling, ours: LoadResult, alone: LoadResult, stmts: number): Result {
  const loadedRatio = ratio(ours.rps, top.top.rps);
  const aloneRatio = ratio(alone.rps, top.alone.rps);
  const targets = [
    '≥ 0.5 of the same-SQL ceiling, 10 connections and 1',
    ...(s.p50Target ? [`p50 < ${s.p50Target} ms`] : []),
  ];
  const met =
    loadedRatio >= 0.5 &&
    aloneRatio >= 0.5 &&
    (!s.p50Target || alone.p50 < s.p50Target) &&
    ours.errors + alone.errors === 0;
  return {
    scenario: s.name,
    metrics: {
      'req/s': ours.rps,
      'same-SQL req/s': top.top.rps,
      'same-SQL ratio': loadedRatio,
      'req/s 1 conn': alone.rps,
      'same-SQL req/s 1 conn': top.alone.rps,
      'same-SQL ratio 1 conn': aloneRatio,
      'p50 ms': alone.p50,
      'p99 ms': alone.p99,
      'p50 ms loaded': ours.p50,
      'bare req/s': top.bare.rps,
      'bare ratio': ratio(ours.rps, top.bare.rps),
      statements: stmts,
      ...(ours.errors + alone.errors ? { errors: ours.errors + alone.errors } : {}),
    },
    target: targets.join(', '),
    met,
  };
}

/**
 * Every scenario on every target, one scenario at a time: the ceiling (on the first target's database),
 * then each target loaded, alone and counted, a different one first in each scenario. A row per scenario
 * and target.
 */
export async function benchReads(targets: readonly ReadTarget[], ceiling: string, seconds: number): Promise<Result[]> {
  const out: Result[] = [];
  const plans = targets.map((t) => readScenarios(t.data));
  const first = plans[0]!;
  for (const [i, s] of first.entries()) {
    console.log(`  reads: ${s.name}`);
    // warm all (plans, caches), then measure
    await warm(`${ceiling}${s.ceiling}`, {});
    await warm(`${ceiling}${s.bare}`, {});
    for (const [k, t] of targets.entries()) await warm(`${t.server}${plans[k]![i]!.server}`, AUTH);
    const top: Ceiling = {
      top: await load(`${ceiling}${s.ceiling}`, {}, seconds),
      alone: await load(`${ceiling}${s.ceiling}`, {}, Math.max(2, seconds / 2), 1),
      bare: await load(`${ceiling}${s.bare}`, {}, seconds),
    };
    // the builds take turns at going first (load drifts within a scenario), listed in their own order
    const rows: Result[] = [];
    for (let turn = 0; turn < targets.length; turn++) {
      const k = (turn + i) % targets.length;
      const t = targets[k]!;
      const path = plans[k]![i]!.server;
      const ours = await load(`${t.server}${path}`, AUTH, seconds);
      const alone = await load(`${t.server}${path}`, AUTH, Math.max(2, seconds / 2), 1);
      const stmts = await statements(t.counted.counter, async () => {
        const res = await fetch(`${t.counted.url}${path}`, { headers: AUTH });
        await res.text();
        if (!res.ok) throw new Error(`${path} → ${res.status}`);
      });
      rows[k] = { ...row(s, top, ours, alone, stmts), ...(targets.length > 1 ? { build: t.build } : {}) };
    }
    out.push(...rows);
  }
  return out;
}
