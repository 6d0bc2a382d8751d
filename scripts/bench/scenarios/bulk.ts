/** Bulk create, update and delete of N sites in one request each, with full change records. */
import { api, type Result } from '../harness.ts';

export async function benchBulk(base: string, n: number): Promise<Result[]> {
  const items = Array.from({ length: n }, (_, i) => ({
    name: `bench-site-${i}`,
    slug: `bench-site-${i}`,
    status: 'active',
    facility: `F${i % 97}`,
  }));
  const timed = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  let ids: number[] = [];
  const create = await timed(async () => {
    ids = (await api(base, 'POST', '/api/dcim/sites/', items)).map((o: { id: number }) => o.id);
  });
  const update = await timed(() =>
    api(
      base,
      'PATCH',
      '/api/dcim/sites/',
      ids.map((id, i) => ({ id, description: `updated ${i}`, status: i % 2 ? 'planned' : 'active' })),
    ),
  );
  const remove = await timed(() =>
    api(
      base,
      'DELETE',
      '/api/dcim/sites/',
      ids.map((id) => ({ id })),
    ),
  );
  const row = (op: string, ms: number, target?: number): Result => ({
    scenario: `bulk ${op} ${n} sites`,
    metrics: { seconds: +(ms / 1000).toFixed(2), 'objects/s': Math.round(n / (ms / 1000)) },
    ...(target ? { target: `< ${target} s`, met: ms / 1000 < target } : {}),
  });
  return [row('create', create, 3), row('update', update), row('delete', remove)];
}

const BATCH = 1000;
const PER_DEVICE = 24;
const MEASURED = 10 * BATCH;

/** `count` devices of one site, type and role, to hang the interfaces on; their ids. */
async function createDevices(base: string, count: number): Promise<number[]> {
  const site = await api(base, 'POST', '/api/dcim/sites/', { name: 'bulk-if', slug: 'bulk-if' });
  const mf = await api(base, 'POST', '/api/dcim/manufacturers/', { name: 'bulk-if', slug: 'bulk-if' });
  const dt = await api(base, 'POST', '/api/dcim/device-types/', {
    manufacturer: mf.id,
    model: 'bulk-if',
    slug: 'bulk-if',
  });
  const role = await api(base, 'POST', '/api/dcim/device-roles/', {
    name: 'bulk-if',
    slug: 'bulk-if',
    color: '00ff00',
  });
  const deviceIds: number[] = [];
  for (let i = 0; i < count; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, count - i) }, (_, k) => ({
      name: `bulk-if-${i + k}`,
      site: site.id,
      device_type: dt.id,
      role: role.id,
    }));
    deviceIds.push(...(await api(base, 'POST', '/api/dcim/devices/', batch)).map((d: { id: number }) => d.id));
  }
  return deviceIds;
}

/** A result row of batch times: total, rate, median and slowest batch. */
function interfacesRow(scenario: string, times: number[], target: boolean): Result {
  const seconds = times.reduce((a, b) => a + b, 0);
  const sorted = [...times].sort((a, b) => a - b);
  const rate = Math.round((times.length * BATCH) / seconds);
  return {
    scenario,
    metrics: {
      seconds: +seconds.toFixed(2),
      'objects/s': rate,
      'p50 s a batch': +sorted[Math.floor(sorted.length / 2)]!.toFixed(3),
      'max s a batch': +sorted.at(-1)!.toFixed(3),
    },
    ...(target ? { target: '≥ 5,000 objects/s', met: rate >= 5000 } : {}),
  };
}

/**
 * Bulk create of interfaces as a NetBox user loads them — `POST /api/dcim/interfaces/` in batches
 * of 1,000, 24 per device — first into an empty table, then with `preload` already there (no
 * ANALYZE in between: what autovacuum has done by then is what a user gets). Issue 17 saw this
 * slow down with the table's size on PostgreSQL 15. Target: ≥ 5,000 objects/s with 50,000 there.
 */
export async function benchBulkInterfaces(
  base: string,
  preload: number,
  progress: (m: string) => void = () => {},
): Promise<Result[]> {
  const before = Math.max(preload, MEASURED);
  const deviceIds = await createDevices(base, Math.ceil((before + MEASURED) / PER_DEVICE));
  let next = 0;
  const batch = () =>
    Array.from({ length: BATCH }, () => {
      const i = next++;
      return { device: deviceIds[Math.floor(i / PER_DEVICE)], name: `eth${i % PER_DEVICE}`, type: '1000base-t' };
    });
  /** Creates `n` interfaces in batches; the seconds each batch took. */
  const load = async (n: number, what: string) => {
    const times: number[] = [];
    for (let done = 0; done < n; done += BATCH) {
      const t = performance.now();
      await api(base, 'POST', '/api/dcim/interfaces/', batch());
      times.push((performance.now() - t) / 1000);
      if (times.length % 10 === 0)
        progress(
          `  ${what}: ${(done + BATCH).toLocaleString('en')} of ${n.toLocaleString('en')}, last batch ` +
            `${times.at(-1)!.toFixed(2)} s`,
        );
    }
    return times;
  };
  const empty = await load(MEASURED, 'interfaces into an empty table');
  const rest = Math.max(0, preload - MEASURED);
  const filling = await load(rest, 'filling the table');
  const full = await load(MEASURED, `interfaces with ${before.toLocaleString('en')} in the table`);
  return [
    interfacesRow(
      `bulk create ${MEASURED.toLocaleString('en')} interfaces (batches of ${BATCH}) into an empty table`,
      empty,
      false,
    ),
    ...(filling.length
      ? [interfacesRow(`bulk create: filling to ${before.toLocaleString('en')} interfaces`, filling, false)]
      : []),
    interfacesRow(
      `bulk create ${MEASURED.toLocaleString('en')} interfaces (batches of ${BATCH}) with ` +
        `${before.toLocaleString('en')} in the table`,
      full,
      true,
    ),
  ];
}
