/**
 * Read scenarios, each against the server and against the ceiling (the same page's minimal SQL
 * behind a bare route): requests/s under load (8 connections) and their ratio, and latency (p50,
 * p99) of one client alone. Targets: every list at ≥ 50% of its ceiling, 1,000 interfaces under
 * 100 ms p50, the deep offset page under 50 ms p50.
 */
import { AUTH, type Result } from '../harness.ts';
import { load, type LoadResult } from '../load.ts';
import type { Dataset } from '../dataset.ts';

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
      p50Target: 100,
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
      p50Target: 50,
    },
  ];
}

function row(s: Scenario, ours: LoadResult, top: LoadResult, bare: LoadResult, alone: LoadResult): Result {
  const ratio = top.rps ? ours.rps / top.rps : 0;
  const bareRatio = bare.rps ? ours.rps / bare.rps : 0;
  const targets = ['≥ 0.5 of the bare ceiling', ...(s.p50Target ? [`p50 < ${s.p50Target} ms`] : [])];
  const met = bareRatio >= 0.5 && (!s.p50Target || alone.p50 < s.p50Target) && ours.errors === 0;
  return {
    scenario: s.name,
    metrics: {
      'req/s': ours.rps,
      'bare req/s': bare.rps,
      'bare ratio': +bareRatio.toFixed(2),
      'same-SQL req/s': top.rps,
      'same-SQL ratio': +ratio.toFixed(2),
      'p50 ms': alone.p50,
      'p99 ms': alone.p99,
      'p50 ms loaded': ours.p50,
      ...(ours.errors + alone.errors ? { errors: ours.errors + alone.errors } : {}),
    },
    target: targets.join(', '),
    met,
  };
}

export async function benchReads(server: string, ceiling: string, data: Dataset, seconds: number): Promise<Result[]> {
  const out: Result[] = [];
  for (const s of readScenarios(data)) {
    console.log(`  reads: ${s.name}`);
    // warm all three (plans, caches), then measure
    await load(`${server}${s.server}`, AUTH, 1);
    await load(`${ceiling}${s.ceiling}`, {}, 1);
    await load(`${ceiling}${s.bare}`, {}, 1);
    const ours = await load(`${server}${s.server}`, AUTH, seconds);
    const top = await load(`${ceiling}${s.ceiling}`, {}, seconds);
    const bare = await load(`${ceiling}${s.bare}`, {}, seconds);
    const alone = await load(`${server}${s.server}`, AUTH, Math.max(2, seconds / 2), 1);
    out.push(row(s, ours, top, bare, alone));
  }
  return out;
}
