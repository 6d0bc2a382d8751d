/**
 * `GET /api/dcim/connected-device/?peer_device=<name>&peer_interface=<name>` (NetBox): the device
 * at the far end of the named interface's cable path, for LLDP-style automation; 404 when the path
 * does not end at an interface.
 */
import { Hono } from 'hono';
import { ident, query } from '../db/index.ts';
import type { AppEnv } from '../http/env.ts';
import { failure, notFound } from '../errors/index.ts';
import { respond } from '../http/render.ts';
import { tracePath } from '../cables/index.ts';
import { authorize } from '../auth/index.ts';
import { fetchObjects } from './read.ts';

const DEVICE = 'dcim.device';
const INTERFACE = 'dcim.interface';

export function createConnectedDeviceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.get('/api/dcim/connected-device/', async (c) => {
    const { registry } = c.var.services;
    if (!registry.has(DEVICE) || !registry.has(INTERFACE)) throw notFound();
    const q = new URL(c.req.url).searchParams;
    const deviceName = q.get('peer_device');
    const interfaceName = q.get('peer_interface');
    if (!deviceName || !interfaceName)
      throw failure('invalid', 'Request must include "peer_device" and "peer_interface" filters.');
    const device = registry.model(DEVICE);
    const iface = registry.model(INTERFACE);
    const [deviceAccess, ifaceAccess] = [await authorize(c, device, 'view'), await authorize(c, iface, 'view')];
    void deviceAccess;
    void ifaceAccess;
    const [row] = await query(
      c.var.tx,
      `SELECT i.id FROM ${ident(iface.table)} i JOIN ${ident(device.table)} d ON d.id = i.device_id WHERE d.name = $1
        AND i.name = $2 LIMIT 1`,
      [deviceName, interfaceName],
    );
    if (!row) throw notFound('No Interface matches the given query.');
    const path = await tracePath(c.var.tx, registry, { type: INTERFACE, id: Number(row.id) });
    const end = path.complete ? path.endpoints[0] : undefined;
    if (!end || end.type !== INTERFACE) throw notFound();
    const [owner] = await query(c.var.tx, `SELECT device_id FROM ${ident(iface.table)} WHERE id = $1`, [end.id]);
    // the far interface may have gone since the path was traced (each statement sees the latest commits)
    if (!owner) throw notFound();
    const [found] = await fetchObjects(c, device, [Number(owner.device_id)]);
    if (!found) throw notFound();
    return respond(c, 200, found);
  });
  return app;
}
