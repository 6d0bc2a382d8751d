/**
 * GraphQL against REST for the same rows, on a database of its own: 1,000 devices with 4 interfaces
 * each and an IP address on every interface. Two reads:
 *
 * - the 3-level query, devices → interfaces → IP addresses over all 1,000 devices (9,000 rows), against
 *   the REST pages that give the same rows (devices, interfaces and addresses, 1,000 a page, brief);
 * - a 50-device list with a device's usual fields and relations, against REST's `?limit=50` page.
 *
 * For each: answers/s with 8 clients (an answer is the one GraphQL request, or all the REST pages one
 * after the other), p50 of one client alone, and the SQL statements one answer costs, counted on the
 * wire by a second server process (statements.ts). Target: the 3-level query in one statement (one per
 * root field), whatever the rows.
 */
import { startCounted, statements, type Counted } from '../statements.ts';
import { api, AUTH, settle, startServerProcess, type Result } from '../harness.ts';

const DEVICES = 1000;
const INTERFACES = 4;

export const THREE_LEVELS = '{ device_list { id name interfaces { id name ip_addresses { id address } } } }';

export const FIFTY_DEVICES = `{ device_list(pagination: {limit: 50}) {
  id name status serial asset_tag description comments created last_updated custom_fields
  site { id name slug } location { id name slug } rack { id name } tenant { id name slug }
  role { id name slug } platform { id name slug } primary_ip4 { id address }
  device_type { id model slug manufacturer { id name slug } }
  tags { id name slug }
} }`;

/** One answer: a GraphQL request, or REST pages one after the other. */
type Read = (base: string) => Promise<void>;

async function ok(res: Response, what: string): Promise<void> {
  const text = await res.text();
  if (!res.ok || text.startsWith('{"data":null')) throw new Error(`${what} → ${res.status}: ${text.slice(0, 300)}`);
}

const graphql =
  (query: string): Read =>
  async (base) =>
    ok(await fetch(`${base}/graphql/`, { method: 'POST', headers: AUTH, body: JSON.stringify({ query }) }), query);

const rest =
  (paths: readonly string[]): Read =>
  async (base) => {
    for (const p of paths) await ok(await fetch(`${base}${p}`, { headers: AUTH }), p);
  };

/** Answers per second with `clients` readers for `seconds`, and their p50 in ms. */
async function drive(base: string, read: Read, seconds: number, clients: number) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await read(base);
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    perSecond: +(times.length / seconds).toFixed(1),
    p50: +(times[Math.floor(times.length / 2)] ?? 0).toFixed(1),
  };
}

async function createData(base: string): Promise<void> {
  const site = await api(base, 'POST', '/api/dcim/sites/', { name: 'gq', slug: 'gq' });
  const mf = await api(base, 'POST', '/api/dcim/manufacturers/', { name: 'gq', slug: 'gq' });
  const dt = await api(base, 'POST', '/api/dcim/device-types/', { manufacturer: mf.id, model: 'gq', slug: 'gq' });
  const role = await api(base, 'POST', '/api/dcim/device-roles/', { name: 'gq', slug: 'gq', color: '00ff00' });
  const devices = await api(
    base,
    'POST',
    '/api/dcim/devices/',
    Array.from({ length: DEVICES }, (_, i) => ({
      name: `gq-${String(i).padStart(4, '0')}`,
      site: site.id,
      device_type: dt.id,
      role: role.id,
      status: 'active',
    })),
  );
  const interfaces = await api(
    base,
    'POST',
    '/api/dcim/interfaces/',
    devices.flatMap((d: { id: number }) =>
      Array.from({ length: INTERFACES }, (_, k) => ({ device: d.id, name: `eth${k}`, type: '1000base-t' })),
    ),
  );
  await api(
    base,
    'POST',
    '/api/ipam/ip-addresses/',
    interfaces.map((itf: { id: number }, i: number) => ({
      address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/8`,
      assigned_object_type: 'dcim.interface',
      assigned_object_id: itf.id,
    })),
  );
}

export async function benchGraphql(
  databaseUrl: string,
  seconds: number,
  step: (what: string) => void,
): Promise<Result[]> {
  const server = await startServerProcess(databaseUrl);
  let counted: Counted | undefined;
  try {
    step(`GraphQL: ${DEVICES} devices, ${DEVICES * INTERFACES} interfaces and as many IP addresses`);
    await createData(server.url);
    await settle(databaseUrl);
    const { counter, server: countedServer } = (counted = await startCounted(databaseUrl));
    const pages = (path: string, rows: number) =>
      Array.from({ length: Math.ceil(rows / 1000) }, (_, i) => `${path}?brief=true&limit=1000&offset=${i * 1000}`);
    const scenarios = [
      {
        name: `3 levels: ${DEVICES} devices → ${DEVICES * INTERFACES} interfaces → their IP addresses`,
        graphql: graphql(THREE_LEVELS),
        rest: rest([
          ...pages('/api/dcim/devices/', DEVICES),
          ...pages('/api/dcim/interfaces/', DEVICES * INTERFACES),
          ...pages('/api/ipam/ip-addresses/', DEVICES * INTERFACES),
        ]),
        restRequests: 1 + 2 * Math.ceil((DEVICES * INTERFACES) / 1000),
        bounded: true,
      },
      {
        name: '50 devices with their relations',
        graphql: graphql(FIFTY_DEVICES),
        rest: rest(['/api/dcim/devices/?limit=50']),
        restRequests: 1,
        bounded: false,
      },
    ];
    const out: Result[] = [];
    for (const s of scenarios) {
      step(`GraphQL: ${s.name}`);
      const gqStatements = await statements(counter, () => s.graphql(countedServer.url));
      const restStatements = await statements(counter, () => s.rest(countedServer.url));
      await drive(server.url, s.graphql, 1, 1); // plans and caches of the measured server
      await drive(server.url, s.rest, 1, 1);
      const gqLoaded = await drive(server.url, s.graphql, seconds, 8);
      const restLoaded = await drive(server.url, s.rest, seconds, 8);
      const gqAlone = await drive(server.url, s.graphql, Math.max(2, seconds / 2), 1);
      const restAlone = await drive(server.url, s.rest, Math.max(2, seconds / 2), 1);
      out.push({
        scenario: `GraphQL: ${s.name}`,
        metrics: {
          'statements/query': gqStatements,
          'req/s': gqLoaded.perSecond,
          'p50 ms': gqAlone.p50,
          'REST requests': s.restRequests,
          'REST statements': restStatements,
          'REST answers/s': restLoaded.perSecond,
          'REST p50 ms': restAlone.p50,
        },
        ...(s.bounded ? { target: '1 statement (one per root field)', met: gqStatements === 1 } : {}),
      });
    }
    return out;
  } finally {
    await counted?.stop();
    await server.stop();
  }
}
