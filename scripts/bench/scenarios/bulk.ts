/** Bulk create, update and delete of N sites in one request each, with full change records. */
import { api, type Result } from '../harness.ts';

export async function benchBulk(base: string, n: number): Promise<Result[]> {
  const items = Array.from({ length: n }, (_, i) => ({ name: `bench-site-${i}`, slug: `bench-site-${i}`, status: 'active', facility: `F${i % 97}` }));
  const timed = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  let ids: number[] = [];
  const create = await timed(async () => {
    ids = (await api(base, 'POST', '/api/dcim/sites/', items)).map((o: { id: number }) => o.id);
  });
  const update = await timed(() => api(base, 'PATCH', '/api/dcim/sites/', ids.map((id, i) => ({ id, description: `updated ${i}`, status: i % 2 ? 'planned' : 'active' }))));
  const remove = await timed(() => api(base, 'DELETE', '/api/dcim/sites/', ids.map((id) => ({ id }))));
  const row = (op: string, ms: number, target?: number): Result => ({
    scenario: `bulk ${op} ${n} sites`,
    metrics: { seconds: +(ms / 1000).toFixed(2), 'objects/s': Math.round(n / (ms / 1000)) },
    ...(target ? { target: `< ${target} s`, met: ms / 1000 < target } : {}),
  });
  return [row('create', create, 3), row('update', update), row('delete', remove)];
}
