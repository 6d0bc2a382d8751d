/**
 * What the import keeps of the source that its API shows only indirectly: the ids of its object types (a
 * NetBox upgraded from older releases numbers them otherwise than a fresh 4.6), kept through later starts;
 * and who is a superuser, read by filtering, or named with --superuser where the source will not filter
 * (then every user is copied as no superuser unless named, and a name the source lacks is refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { filters } from '../../generated/filters/index.ts';
import { Registry } from '../../runtime/catalogue/index.ts';
import { syncObjectTypes } from '../../runtime/catalogue/object-types.ts';
import { connect } from '../../runtime/db/index.ts';
import { ImportRefused } from '../../runtime/import/index.ts';
import { TOKEN } from '../helpers/server.ts';
import { startNetboxFixture, type NetboxFixture } from './netbox-fixture.ts';
import { dropTargets, explain, runImport, targetDatabase } from './run-import.ts';

/** NetBox's object types numbered as an older NetBox's migrations might have: each id 500 higher. */
const renumbered = (path: string, o: Record<string, any>) =>
  path === '/api/core/object-types/' ? { ...o, id: o.id + 500, url: o.url.replace(/\/\d+\/$/, `/${o.id + 500}/`) } : o;

let netbox: NetboxFixture;
let silent: NetboxFixture;

beforeAll(async () => {
  netbox = await startNetboxFixture({ transform: renumbered });
  // a NetBox that will not filter users on is_superuser (the fixture ignores a filter it is not told of)
  silent = await startNetboxFixture({ hidden: {} });
});

afterAll(async () => {
  await dropTargets();
  await netbox?.stop();
  await silent?.stop();
});

async function rows(url: string, statement: string): Promise<Record<string, any>[]> {
  const sql = connect(url, { max: 1 });
  try {
    return await sql.unsafe(statement);
  } finally {
    await sql.end();
  }
}

describe('what the import keeps', () => {
  it("gives the object types the source's ids, and a later start keeps them", async () => {
    const target = await targetDatabase();
    const r = await runImport(netbox.url, TOKEN, target);
    expect(r.report.verification?.clean, explain(r)).toBe(true);
    const site = `SELECT id FROM core_objecttype WHERE app_label = 'dcim' AND model = 'site'`;
    expect(await rows(target, site)).toEqual([{ id: 506 }]);
    const sql = connect(target, { max: 1 });
    try {
      await syncObjectTypes(sql, new Registry(catalogue, filters));
    } finally {
      await sql.end();
    }
    expect(await rows(target, site)).toEqual([{ id: 506 }]);
    // the catalogue's types NetBox lacks are numbered after the source's
    const [{ low }] = (await rows(target, 'SELECT min(id) AS low FROM core_objecttype')) as [{ low: number }];
    expect(Number(low)).toBeGreaterThan(500);
  });

  it('copies every user as no superuser when the source will not filter, but those --superuser names', async () => {
    const plain = await targetDatabase();
    const r = await runImport(silent.url, TOKEN, plain);
    expect(await rows(plain, 'SELECT username, is_superuser FROM users_user')).toEqual([
      { username: 'admin', is_superuser: false },
    ]);
    expect(r.report.notes.join('\n')).toMatch(/is_superuser could not be read .* but for the users --superuser names/);
    const named = await targetDatabase();
    const n = await runImport(silent.url, TOKEN, named, { superusers: ['admin'] });
    expect(await rows(named, 'SELECT username, is_superuser FROM users_user')).toEqual([
      { username: 'admin', is_superuser: true },
    ]);
    expect(n.report.notes).toContain('superusers here as --superuser names them: admin');
  });

  it('refuses a --superuser the source has no user of, before it copies anything', async () => {
    const target = await targetDatabase();
    const run = runImport(silent.url, TOKEN, target, { superusers: ['admin', 'Admin', 'nobody'] });
    await expect(run).rejects.toThrow(ImportRefused);
    await expect(run).rejects.toThrow(
      '--superuser Admin, nobody: the source has no such user (names are case-sensitive)',
    );
    expect(await rows(target, 'SELECT count(*)::int AS n FROM dcim_site')).toEqual([{ n: 0 }]);
  });
});
