/**
 * Component instantiation: creating a device whose type has 48 interface templates, against creating
 * a device whose type has none (one POST each, one at a time). Target: within 2× (issue 16).
 */
import { api, type Result } from '../harness.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchComponents(base: string, n = 50): Promise<Result[]> {
  const tag = Date.now().toString(36);
  const site = await api(base, 'POST', '/api/dcim/sites/', { name: `comp-${tag}`, slug: `comp-${tag}` });
  const mf = await api(base, 'POST', '/api/dcim/manufacturers/', { name: `comp-${tag}`, slug: `comp-${tag}` });
  const role = await api(base, 'POST', '/api/dcim/device-roles/', { name: `comp-${tag}`, slug: `comp-${tag}` });
  const bare = await api(base, 'POST', '/api/dcim/device-types/', {
    manufacturer: mf.id,
    model: `bare-${tag}`,
    slug: `bare-${tag}`,
  });
  const full = await api(base, 'POST', '/api/dcim/device-types/', {
    manufacturer: mf.id,
    model: `sw48-${tag}`,
    slug: `sw48-${tag}`,
  });
  await api(
    base,
    'POST',
    '/api/dcim/interface-templates/',
    Array.from({ length: 48 }, (_, i) => ({ device_type: full.id, name: `ge-0/0/${i}`, type: '1000base-t' })),
  );
  const time = async (type: { id: number }, prefix: string): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await api(base, 'POST', '/api/dcim/devices/', {
        name: `${prefix}-${tag}-${i}`,
        device_type: type.id,
        role: role.id,
        site: site.id,
      });
      out.push(performance.now() - t);
    }
    return out;
  };
  await time(bare, 'warm'); // plans and caches
  const alone = median(await time(bare, 'bare'));
  const with48 = median(await time(full, 'sw48'));
  const ratio = with48 / alone;
  return [
    {
      scenario: 'create a device with 48 interface templates vs none (p50 of one POST)',
      metrics: { 'alone ms': +alone.toFixed(1), 'with 48 ms': +with48.toFixed(1), ratio: +ratio.toFixed(2) },
      target: '≤ 2×',
      met: ratio <= 2,
    },
  ];
}
