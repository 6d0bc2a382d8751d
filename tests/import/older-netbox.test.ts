/**
 * An older NetBox's answers (the corpus rewritten as NetBox 3.x showed such objects): a device's role
 * under `device_role`, a prefix placed at a site by `site` rather than a scope, and site fields this
 * catalogue never had. The older names are mapped as the server's aliases map them on writes; the
 * unknown fields are reported by name with how many objects carried a value, and the copy verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../runtime/db/index.ts';
import { formatReport, type ImportOutcome } from '../../runtime/import/index.ts';
import { TOKEN } from '../helpers/server.ts';
import { startNetboxFixture, type NetboxFixture } from './netbox-fixture.ts';
import { dropTargets, explain, runImport, targetDatabase } from './run-import.ts';

type Obj = Record<string, any>;

let netbox: NetboxFixture;
let outcome: ImportOutcome;
let target: string;

/** The site prefix 1 is placed at, as NetBox 3.x nested a site. */
const SITE = 1;
/** The region that site is in: NetBox counts the prefixes within a region's sites too (the cached scope). */
const SITE_REGION = 1;

function older(path: string, o: Obj): Obj {
  if (path === '/api/dcim/devices/') {
    const { role, ...rest } = o;
    return { ...rest, device_role: role };
  }
  if (path === '/api/ipam/prefixes/' && o.id === 1) {
    const { scope_type: _t, scope_id: _i, scope: _s, ...rest } = o;
    const site = { id: SITE, url: o.url.replace(/ipam\/prefixes\/1\/$/, `dcim/sites/${SITE}/`) };
    return { ...rest, site };
  }
  if (path === '/api/dcim/sites/') {
    // NetBox 3.x counted the prefix placed at the site; 2.x sites had contact fields
    const prefixCount = o.id === SITE ? o.prefix_count + 1 : o.prefix_count;
    return { ...o, prefix_count: prefixCount, contact_name: o.id === SITE ? 'NOC' : '', contact_phone: '' };
  }
  if (path === '/api/dcim/regions/' && o.id === SITE_REGION) return { ...o, prefix_count: o.prefix_count + 1 };
  return o;
}

beforeAll(async () => {
  netbox = await startNetboxFixture({ transform: older });
  target = await targetDatabase();
  outcome = await runImport(netbox.url, TOKEN, target);
});

afterAll(async () => {
  await dropTargets();
  await netbox?.stop();
});

describe('import from an older NetBox', () => {
  it('maps device_role to role and a prefix site to its scope, and verifies clean', async () => {
    expect(outcome.report.verification?.clean, explain(outcome)).toBe(true);
    const sql = connect(target, { max: 1 });
    try {
      const devices = await sql.unsafe('SELECT count(*)::int AS n FROM dcim_device WHERE role_id IS NULL');
      expect(devices[0]!.n).toBe(0);
      const [prefix] = await sql.unsafe('SELECT scope_type, scope_id FROM ipam_prefix WHERE id = 1');
      expect(prefix).toEqual({ scope_type: 'dcim.site', scope_id: SITE });
    } finally {
      await sql.end();
    }
    // older names are not fields the catalogue lacks
    expect(outcome.report.lacking['dcim.device']).toBeUndefined();
    expect(outcome.report.lacking['ipam.prefix']).toBeUndefined();
  });

  it('reports the fields this catalogue lacks by name, with the objects that had a value', () => {
    expect(outcome.report.lacking['dcim.site']).toEqual({
      contact_name: { objects: 2, withValue: 1 },
      contact_phone: { objects: 2, withValue: 0 },
    });
    const text = formatReport(outcome.report);
    expect(text).toContain('dcim.site.contact_name: 2 objects (1 with a value)');
  });
});
