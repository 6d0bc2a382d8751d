/**
 * The ceiling the read scenarios are compared with: a bare Hono route on the same database, in
 * its own process like the server, that runs the minimal SQL for the same page — the count and
 * the rows with what the page shows of related objects (names by join, the counts NetBox shows)
 * — and returns the rows as JSON with no serialization logic.
 *
 *   DATABASE_URL=… PORT=… node --import tsx scripts/bench/ceiling.ts
 */
import type { SqlParam } from '../../runtime/db/index.ts';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import postgres from 'postgres';
import { query, readOptions } from '../../runtime/db/index.ts';

// connected as the service connects (runtime/db/connect.ts): named statements, so a page is planned once
// per connection, and no JIT; otherwise the ceiling's joins were planned anew on every request (45 ms and
// more for the device page's nine tables) and it measured the planner, not the page
const sql = postgres(process.env.DATABASE_URL!, {
  max: 10,
  prepare: true,
  connection: { jit: 'off' },
  onnotice: () => {},
});
const app = new Hono();
/** A statement as the service runs its reads: named, over the extended protocol even without parameters. */
const run = (text: string, params: SqlParam[] = []) => query(sql, text, params, readOptions(text));

async function page(countSql: string, rowsSql: string, params: SqlParam[] = []) {
  const [[count], rows] = await Promise.all([run(countSql, params), run(rowsSql, params)]);
  return { count: Number(count!.n), next: null, previous: null, results: rows };
}

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const tags = (type: string, alias: string) => `(SELECT array_agg(g.name) FROM extras_taggeditem ti
  JOIN extras_tag g ON g.id = ti.tag_id WHERE ti.object_type = '${type}' AND ti.object_id = ${alias}.id) AS tags`;

/** NetBox's interface order (by device, then `_name`), by the stored keys the service orders it by */
const interfaceOrder = '_device_name COLLATE natural_sort, device_id, _name COLLATE "C"';

app.get('/sites', async (c) =>
  c.json(
    await page(
      'SELECT count(*) AS n FROM dcim_site',
      `SELECT s.*, r.name AS region_name, g.name AS group_name, t.name AS tenant_name, ${tags('dcim.site', 's')},
          (SELECT array_agg(a.asn_id) FROM dcim_site_asns a WHERE a.site_id = s.id) AS asns,
          (SELECT count(*) FROM circuits_circuittermination x WHERE x.termination_type = 'dcim.site'
    AND x.termination_id = s.id) AS circuit_count,
          (SELECT count(*) FROM dcim_device x WHERE x.site_id = s.id) AS device_count,
          (SELECT count(*) FROM ipam_prefix x WHERE x.scope_type = 'dcim.site' AND x.scope_id = s.id) AS prefix_count,
          (SELECT count(*) FROM dcim_rack x WHERE x.site_id = s.id) AS rack_count,
          (SELECT count(*) FROM virtualization_virtualmachine x WHERE x.site_id = s.id) AS virtualmachine_count,
          (SELECT count(*) FROM ipam_vlan x WHERE x.site_id = s.id) AS vlan_count
     FROM dcim_site s LEFT JOIN dcim_region r ON r.id = s.region_id LEFT JOIN dcim_sitegroup g ON g.id = s.group_id
    LEFT JOIN tenancy_tenant t ON t.id = s.tenant_id
    ORDER BY s.name COLLATE natural_sort, s.id LIMIT ${int(c.req.query('limit'), 50)}`,
    ),
  ),
);

const deviceRows = `SELECT d.*, s.name AS site_name, r.name AS role_name, dt.model AS device_type_model,
  m.name AS manufacturer_name,
    t.name AS tenant_name, p.name AS platform_name, rk.name AS rack_name, l.name AS location_name,
  ${tags('dcim.device', 'd')},
    (SELECT count(*) FROM dcim_interface x WHERE x.device_id = d.id) AS interface_count
  FROM dcim_device d JOIN dcim_site s ON s.id = d.site_id JOIN dcim_devicerole r ON r.id = d.role_id
  JOIN dcim_devicetype dt ON dt.id = d.device_type_id JOIN dcim_manufacturer m ON m.id = dt.manufacturer_id
  LEFT JOIN tenancy_tenant t ON t.id = d.tenant_id LEFT JOIN dcim_platform p ON p.id = d.platform_id
  LEFT JOIN dcim_rack rk ON rk.id = d.rack_id LEFT JOIN dcim_location l ON l.id = d.location_id`;

app.get('/devices', async (c) => {
  const site = c.req.query('site_id');
  const limit = int(c.req.query('limit'), 50);
  if (site) {
    const where = `WHERE d.site_id = $1 AND d.status = $2 AND d.name ILIKE $3`;
    const params = [Number(site), c.req.query('status') ?? 'active', `%${c.req.query('name__ic') ?? ''}%`];
    return c.json(
      await page(
        `SELECT count(*) AS n FROM dcim_device d ${where}`,
        `${deviceRows} ${where} ORDER BY d.name COLLATE natural_sort, d.id LIMIT ${limit}`,
        params,
      ),
    );
  }
  return c.json(
    await page(
      `SELECT count(*) AS n FROM dcim_device`,
      `${deviceRows} ORDER BY d.name COLLATE natural_sort, d.id LIMIT ${limit}`,
    ),
  );
});

app.get('/devices/:id', async (c) => {
  const [row] = await run(`${deviceRows} WHERE d.id = $1`, [Number(c.req.param('id'))]);
  return row ? c.json(row) : c.json({ detail: 'Not found.' }, 404);
});

app.get('/interfaces', async (c) =>
  c.json(
    await page(
      'SELECT count(*) AS n FROM dcim_interface',
      `SELECT i.*, d.name AS device_name, ${tags('dcim.interface', 'i')},
          (SELECT array_agg(v.vlan_id) FROM dcim_interface_tagged_vlans v WHERE v.interface_id = i.id) AS tagged_vlans,
          (SELECT count(*) FROM ipam_ipaddress x WHERE x.assigned_object_type = 'dcim.interface'
    AND x.assigned_object_id = i.id) AS count_ipaddresses
     FROM unnest(ARRAY(SELECT id FROM dcim_interface ORDER BY ${interfaceOrder}, id
    LIMIT ${int(c.req.query('limit'), 50)} OFFSET ${int(c.req.query('offset'), 0)})) WITH ORDINALITY AS k(id, n)
     JOIN dcim_interface i ON i.id = k.id JOIN dcim_device d ON d.id = i.device_id
    ORDER BY k.n`,
    ),
  ),
);

app.get('/prefixes', async (c) =>
  c.json(
    await page(
      'SELECT count(*) AS n FROM ipam_prefix',
      `SELECT p.id, p.prefix::text AS prefix, p.prefix::text AS display, family(p.prefix) AS family, p.description,
          (SELECT count(DISTINCT a.prefix) FROM ipam_prefix a WHERE a.prefix >> p.prefix AND a.vrf_id IS NOT DISTINCT
    FROM p.vrf_id) AS _depth
     FROM ipam_prefix p ORDER BY p.vrf_id NULLS FIRST, p.prefix, p.id LIMIT ${int(c.req.query('limit'), 50)}`,
    ),
  ),
);

/*
 * The bare ceiling: the table's own rows, no joins, no counts — `SELECT * … ORDER BY … LIMIT n` (or
 * `WHERE id = $1`) returned as JSON. What one request costs on this machine with nothing but a
 * route, a query and JSON: the per-request cost the service is compared with (issue 17).
 */
const bareTables: Record<string, { table: string; order: string }> = {
  sites: { table: 'dcim_site', order: 'name' },
  devices: { table: 'dcim_device', order: 'name' },
  interfaces: { table: 'dcim_interface', order: interfaceOrder },
  prefixes: { table: 'ipam_prefix', order: 'vrf_id NULLS FIRST, prefix' },
};
app.get('/bare/:model', async (c) => {
  const t = bareTables[c.req.param('model')];
  if (!t) return c.json({ detail: 'Not found.' }, 404);
  const site = c.req.query('site_id');
  const where = site ? 'WHERE site_id = $1 AND status = $2 AND name ILIKE $3' : '';
  const params = site ? [Number(site), c.req.query('status') ?? 'active', `%${c.req.query('name__ic') ?? ''}%`] : [];
  const rows = await run(
    `SELECT * FROM ${t.table} ${where} ORDER BY ${t.order}, id
    LIMIT ${int(c.req.query('limit'), 50)} OFFSET ${int(c.req.query('offset'), 0)}`,
    params,
  );
  return c.json({ results: rows });
});
app.get('/bare/:model/:id', async (c) => {
  const t = bareTables[c.req.param('model')];
  if (!t) return c.json({ detail: 'Not found.' }, 404);
  const [row] = await run(`SELECT * FROM ${t.table} WHERE id = $1`, [Number(c.req.param('id'))]);
  return row ? c.json(row) : c.json({ detail: 'Not found.' }, 404);
});

const port = Number(process.env.PORT ?? 8100);
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(`ceiling listening on ${port}`));
