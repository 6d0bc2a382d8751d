/**
 * Branching at scale: provisioning time against database size (rows across sites, racks,
 * devices, interfaces and IP addresses, seeded set-based), and merge throughput (object changes
 * per second) of a branch with thousands of creates and updates.
 */
import { connect, query } from '../../../runtime/db/index.ts';
import { api, AUTH, type Result } from '../harness.ts';

export const BRANCHES = '/api/plugins/branching/branches/';

/** Grows main to `total` rows: 1% sites, 4% racks, 15% devices, 50% interfaces, 30% IP addresses. */
export async function seed(databaseUrl: string, total: number): Promise<number> {
  const sql = connect(databaseUrl, { max: 1 });
  try {
    const [have] = await query(
      sql,
      `SELECT (SELECT count(*) FROM dcim_site) + (SELECT count(*)
      FROM dcim_rack) + (SELECT count(*) FROM dcim_device)
      + (SELECT count(*) FROM dcim_interface) + (SELECT count(*) FROM ipam_ipaddress) AS n`,
    );
    const from = Number(have!.n);
    if (from >= total) return from;
    const grow = (share: number) => Math.round((total - from) * share);
    await sql.begin(async (tx) => {
      await query(tx, `INSERT INTO dcim_manufacturer (name, slug) VALUES ('bench', 'bench') ON CONFLICT DO NOTHING`);
      await query(
        tx,
        `INSERT INTO dcim_devicetype (manufacturer_id, model, slug) SELECT id, 'bench', 'bench'
        FROM dcim_manufacturer WHERE slug = 'bench' ON CONFLICT DO NOTHING`,
      );
      await query(tx, `INSERT INTO dcim_devicerole (name, slug) VALUES ('bench', 'bench') ON CONFLICT DO NOTHING`);
      const stamp = `${Date.now()}`;
      await query(
        tx,
        `INSERT INTO dcim_site (name, slug, status) SELECT 'bs-${stamp}-' || i, 'bs-${stamp}-' || i,
        'active' FROM generate_series(1, $1) i`,
        [grow(0.01)],
      );
      await query(
        tx,
        `INSERT INTO dcim_rack (name, site_id, status) SELECT 'r' || i, (SELECT id FROM dcim_site
        ORDER BY random() LIMIT 1), 'active' FROM generate_series(1, $1) i`,
        [grow(0.04)],
      );
      await query(
        tx,
        `INSERT INTO dcim_device (name, device_type_id, role_id, site_id, status)
        SELECT 'dev-${stamp}-' || i, (SELECT id FROM dcim_devicetype WHERE slug = 'bench'), (SELECT id
        FROM dcim_devicerole WHERE slug = 'bench'),
               (SELECT min(id) FROM dcim_site), 'active' FROM generate_series(1, $1) i`,
        [grow(0.15)],
      );
      await query(
        tx,
        `INSERT INTO dcim_interface (device_id, name, type)
        SELECT d.id, 'eth' || g, '1000base-t' FROM (SELECT id FROM dcim_device ORDER BY id DESC LIMIT $1) d,
        generate_series(1, 4) g LIMIT $2`,
        [Math.ceil(grow(0.5) / 4), grow(0.5)],
      );
      const [base] = await query(tx, 'SELECT count(*)::bigint AS n FROM ipam_ipaddress');
      await query(
        tx,
        `INSERT INTO ipam_ipaddress (address,
        status) SELECT set_masklen('10.0.0.0'::inet + ($2::bigint + i), 32), 'active' FROM generate_series(1, $1) i`,
        [grow(0.3), Number(base!.n)],
      );
    });
    await query(sql, 'VACUUM ANALYZE');
    const [now] = await query(
      sql,
      `SELECT (SELECT count(*) FROM dcim_site) + (SELECT count(*)
      FROM dcim_rack) + (SELECT count(*) FROM dcim_device)
      + (SELECT count(*) FROM dcim_interface) + (SELECT count(*) FROM ipam_ipaddress) AS n`,
    );
    return Number(now!.n);
  } finally {
    await sql.end();
  }
}

export async function waitJob(base: string, url: string): Promise<any> {
  for (;;) {
    const job = await api(base, 'GET', new URL(url).pathname);
    if (['completed', 'failed', 'errored'].includes(job.status.value)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function provision(
  base: string,
  name: string,
): Promise<{ id: number; schema_id: string; ms: number; copyMs: number }> {
  const started = performance.now();
  const b = await api(base, 'POST', BRANCHES, { name });
  for (;;) {
    const now = await api(base, 'GET', `${BRANCHES}${b.id}/`);
    if (now.status === 'ready') break;
    if (now.status === 'failed') throw new Error(`provisioning ${name} failed`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const found = (
    await api(base, 'GET', `/api/core/jobs/?object_type=netbox_branching.branch&object_id=${b.id}&limit=1`)
  ).results[0];
  // the branch is ready when the job's transaction commits; its row is completed (with data) just after
  const job = await waitJob(base, found.url);
  // the job's own time: from its start to its end
  return { id: b.id, schema_id: b.schema_id, ms, copyMs: Date.parse(job.completed) - Date.parse(job.started) };
}

export async function benchBranching(
  base: string,
  databaseUrl: string,
  scales: number[],
  mergeChanges: number,
): Promise<Result[]> {
  const out: Result[] = [];
  for (const scale of scales) {
    const rows = await seed(databaseUrl, scale);
    const p = await provision(base, `bench-provision-${scale}`);
    out.push({
      scenario: `provision a branch of ${rows.toLocaleString('en')} rows`,
      metrics: {
        seconds: +(p.ms / 1000).toFixed(2),
        'job seconds': +(p.copyMs / 1000).toFixed(2),
        'rows copied': rows,
        'rows/s': Math.round(rows / (p.copyMs / 1000)),
      },
      ...(scale >= 1_000_000 ? { target: '< 10 s', met: p.ms / 1000 < 10 } : {}),
    });
    await api(base, 'DELETE', `${BRANCHES}${p.id}/`);
  }

  out.push(await benchMerge(base, mergeChanges));
  return out;
}

/** A request inside a branch (its header), failing loudly. */
export async function inBranch(base: string, schemaId: string, method: string, path: string, body: unknown) {
  const headers = { ...AUTH, 'X-Service-Branch': schemaId };
  const res = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/** Merge throughput: a branch with half creates (sites), half updates (devices), made through the API. */
export async function benchMerge(base: string, mergeChanges: number): Promise<Result> {
  const b = await provision(base, 'bench-merge');
  const call = (method: string, path: string, body: unknown) => inBranch(base, b.schema_id, method, path, body);
  const creates = Math.floor(mergeChanges / 2);
  await call(
    'POST',
    '/api/dcim/sites/',
    Array.from({ length: creates }, (_, i) => ({ name: `merge-site-${i}`, slug: `merge-site-${i}` })),
  );
  const devices: number[] = [];
  while (devices.length < mergeChanges - creates) {
    const limit = Math.min(1000, mergeChanges - creates - devices.length);
    const page = await api(
      base,
      'GET',
      `/api/dcim/devices/?limit=${limit}&offset=${devices.length}&fields=id&ordering=id`,
    );
    if (!page.results.length) break;
    devices.push(...page.results.map((d: { id: number }) => d.id));
  }
  await call(
    'PATCH',
    '/api/dcim/devices/',
    devices.map((id: number) => ({ id, description: 'changed in branch' })),
  );
  const changes = creates + devices.length;
  const started = performance.now();
  const job = await waitJob(base, (await api(base, 'POST', `${BRANCHES}${b.id}/merge/`, { commit: true })).url);
  const ms = performance.now() - started;
  if (job.status.value !== 'completed') throw new Error(`merge failed: ${JSON.stringify(job.data).slice(0, 500)}`);
  return {
    scenario: `merge ${changes.toLocaleString('en')} changes (creates and updates) into main`,
    metrics: {
      seconds: +(ms / 1000).toFixed(2),
      'job seconds': +((Date.parse(job.completed) - Date.parse(job.started)) / 1000).toFixed(2),
      'changes/s': Math.round(changes / (ms / 1000)),
    },
    target: '≥ 2000 changes/s',
    met: changes / (ms / 1000) >= 2000,
  };
}
