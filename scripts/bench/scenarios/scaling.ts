/**
 * Scaling out on one machine: the same read scenarios with WEB_CONCURRENCY=1 and 2 (node:cluster
 * HTTP processes on one port), requests/s and the speed-up.
 */
import { AUTH, startServerProcess, type Result } from '../harness.ts';
import { load } from '../load.ts';
import type { Dataset } from '../dataset.ts';

export async function benchScaling(databaseUrl: string, data: Dataset, seconds: number): Promise<Result[]> {
  const paths = [
    { name: 'list 50 devices', path: '/api/dcim/devices/?limit=50' },
    { name: 'detail GET of a device', path: `/api/dcim/devices/${data.deviceIds[0]}/` },
  ];
  const rps: Record<string, number[]> = {};
  for (const processes of [1, 2]) {
    const server = await startServerProcess(databaseUrl, {
      WEB_CONCURRENCY: String(processes),
      WORKER_IN_PROCESS: 'false',
    });
    try {
      for (const p of paths) {
        await load(`${server.url}${p.path}`, AUTH, 1, 16);
        (rps[p.name] ??= []).push((await load(`${server.url}${p.path}`, AUTH, seconds, 16)).rps);
      }
    } finally {
      await server.stop();
    }
  }
  return paths.map((p) => {
    const [one, two] = rps[p.name]!;
    return {
      scenario: `scaling: ${p.name}, 1 → 2 processes`,
      metrics: { '1 process req/s': one!, '2 processes req/s': two!, speedup: `×${(two! / one!).toFixed(2)}` },
    };
  });
}
