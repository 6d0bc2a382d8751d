/**
 * Adding a model is an edit of its app's file (models/<app>.yaml) and `npm run generate`: this adds one to a
 * copy of the catalogue, generates code and a migration, starts a server on them and uses the new endpoint.
 * No runtime code changes.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildVariant } from '../helpers/variant.ts';

const dir = resolve('.test-data', `new-model-${process.pid}`);
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const gadget = `
  gadget:
    class: Gadget
    path: gadgets
    features: [tags, custom_fields, changelog]
    fields:
      name: {type: string, max_length: 64, required: true, unique: true}
      site: {type: fk, to: dcim.site, required: true, on_delete: cascade}
      weight: {type: decimal, max_digits: 6, decimal_places: 2, nullable: true}
      status: {type: choice, choices: site_status, default: planned}
    brief: [id, url, display, name]
    display: "{name} @ {site.name}"
`;

describe('a model added to models/dcim.yaml', () => {
  it('gets a migration and a working endpoint with no runtime edit', async () => {
    const v = await buildVariant(dir, {
      'dcim.yaml': (yaml) => yaml.replace('\n  site:\n', `${gadget}\n  site:\n`),
    });
    expect(v.added).toHaveLength(1);
    expect(readFileSync(join(dir, 'migrations', v.added[0]!), 'utf8')).toContain('CREATE TABLE "dcim_gadget"');
    server = await startTestServer({ ...v, fresh: true });

    const site = await server.request('POST', '/api/dcim/sites/', { name: 'Lab', slug: 'lab' });
    const created = await server.request('POST', '/api/dcim/gadgets/', {
      name: 'g1',
      site: { slug: 'lab' },
      weight: 1.5,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      name: 'g1',
      display: 'g1 @ Lab',
      weight: 1.5,
      status: { value: 'planned', label: 'Planned' },
      site: { id: site.body.id },
    });
    const listed = await server.request('GET', '/api/dcim/gadgets/?site_id=' + site.body.id);
    expect(listed.body.count).toBe(1);
    const patched = await server.request('PATCH', `/api/dcim/gadgets/${created.body.id}/`, { status: 'active' });
    expect(patched.body.status.value).toBe('active');
    const dup = await server.request('POST', '/api/dcim/gadgets/', { name: 'g1', site: site.body.id });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ name: ['gadget with this name already exists.'] });
    expect((await server.request('DELETE', `/api/dcim/gadgets/${created.body.id}/`)).status).toBe(204);
  });
});
