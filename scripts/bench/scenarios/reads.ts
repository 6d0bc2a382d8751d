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
  readonly ceiling: string;
  readonly p50Target?: number;
}

export function readScenarios(data: Dataset): Scenario[] {
  const device = data.deviceIds[Math.floor(data.deviceIds.length / 2)]!;
  const site = data.siteIds[1] ?? data.siteIds[0]!;
  const deep = Math.max(0, Math.min(90_000, (data.counts['dcim/interfaces'] ?? 0) - 50));
  return [
    { name: 'list 50 sites (complete)', server: '/api/dcim/sites/?limit=50', ceiling: '/sites?limit=50' },
    { name: 'list 50 devices (complete, nested relations)', server: '/api/dcim/devices/?limit=50', ceiling: '/devices?limit=50' },
    { name: 'list 1,000 interfaces', server: '/api/dcim/interfaces/?limit=1000', ceiling: '/interfaces?limit=1000', p50Target: 100 },
    { name: 'brief list of 1,000 prefixes', server: '/api/ipam/prefixes/?limit=1000&brief=true', ceiling: '/prefixes?limit=1000' },
    { name: 'detail GET of a device', server: `/api/dcim/devices/${device}/`, ceiling: `/devices/${device}` },
    { name: 'filtered device list (site_id, status, name__ic)', server: `/api/dcim/devices/?site_id=${site}&status=active&name__ic=dev-1&limit=50`, ceiling: `/devices?site_id=${site}&status=active&name__ic=dev-1&limit=50` },
    { name: `deep offset page (interfaces, offset ${deep.toLocaleString('en')})`, server: `/api/dcim/interfaces/?limit=50&offset=${deep}`, ceiling: `/interfaces?limit=50&offset=${deep}`, p50Target: 50 },
  ];
}

function row(s: Scenario, ours: LoadResult, top: LoadResult, alone: LoadResult): Result {
  const ratio = top.rps ? ours.rps / top.rps : 0;
  const targets = ['≥ 50% of ceiling', ...(s.p50Target ? [`p50 < ${s.p50Target} ms`] : [])];
  const met = ratio >= 0.5 && (!s.p50Target || alone.p50 < s.p50Target) && ours.errors === 0;
  return {
    scenario: s.name,
    metrics: {
      'req/s': ours.rps, 'ceiling req/s': top.rps, ratio: `${Math.round(ratio * 100)}%`, 'p50 ms': alone.p50, 'p99 ms': alone.p99, 'p50 ms loaded': ours.p50,
      ...(ours.errors + alone.errors ? { errors: ours.errors + alone.errors } : {}),
    },
    target: targets.join(', '), met,
  };
}

export async function benchReads(server: string, ceiling: string, data: Dataset, seconds: number): Promise<Result[]> {
  const out: Result[] = [];
  for (const s of readScenarios(data)) {
    // warm both (plans, caches), then measure
    await load(`${server}${s.server}`, AUTH, 1);
    await load(`${ceiling}${s.ceiling}`, {}, 1);
    const ours = await load(`${server}${s.server}`, AUTH, seconds);
    const top = await load(`${ceiling}${s.ceiling}`, {}, seconds);
    const alone = await load(`${server}${s.server}`, AUTH, Math.max(2, seconds / 2), 1);
    out.push(row(s, ours, top, alone));
  }
  return out;
}
