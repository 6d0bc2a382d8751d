/**
 * A target with objects of its own: the import refuses it (and writes nothing) unless --merge is given;
 * with --merge an object of the same id but other content, or one whose unique name another object
 * holds here, is a reported conflict and stays as it was, while everything else is copied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportRefused } from '../../runtime/import/index.ts';
import { created, startTestServer, TOKEN } from '../helpers/server.ts';
import { startNetboxFixture, type NetboxFixture } from './netbox-fixture.ts';
import { dropTargets, nameOf, runImport, targetDatabase } from './run-import.ts';

let netbox: NetboxFixture;
let target: string;
let database: string;

/** The target's tags, by id. */
async function tags(): Promise<Record<number, string>> {
  const s = await startTestServer({ database });
  try {
    const r = await s.request('GET', '/api/extras/tags/?ordering=id&limit=100');
    return Object.fromEntries(r.body.results.map((t: { id: number; name: string }) => [t.id, t.name]));
  } finally {
    await s.server.stop();
  }
}

beforeAll(async () => {
  netbox = await startNetboxFixture();
  target = await targetDatabase();
  database = nameOf(target);
  // a service in use: its superuser (user 1) and a tag of its own, id 1, named as NetBox's tag 2
  const s = await startTestServer({ database });
  try {
    await created(s, '/api/extras/tags/', { name: 'Second', slug: 'second', color: '0000ff' });
  } finally {
    await s.server.stop();
  }
});

afterAll(async () => {
  await dropTargets();
  await netbox?.stop();
});

describe('a target that is not empty', () => {
  it('is refused without --merge, and nothing is written', async () => {
    const refused = runImport(netbox.url, TOKEN, target);
    await expect(refused).rejects.toBeInstanceOf(ImportRefused);
    await expect(refused).rejects.toThrow(/holds objects already \(.*extras\.tag.*\).*--merge/);
    expect(await tags()).toEqual({ 1: 'Second' });
  });

  it('with --merge keeps its own objects and reports each conflict', async () => {
    const { report } = await runImport(netbox.url, TOKEN, target, { merge: true });
    expect(report.conflicts).toEqual(
      expect.arrayContaining([
        { model: 'extras.tag', id: 1, reason: 'exists here with other color, name, slug' },
        { model: 'extras.tag', id: 2, reason: 'a unique value is taken here by another' },
        expect.objectContaining({ model: 'users.user', id: 1 }),
      ]),
    );
    expect(report.models['extras.tag']).toMatchObject({ source: 10, written: 8, conflicts: 2 });
    const after = await tags();
    expect(after[1]).toBe('Second');
    expect(after[2]).toBeUndefined();
    expect(Object.keys(after)).toHaveLength(9);
    // what was copied verifies; the conflicting objects are listed, not compared
    expect(report.verification?.differences).toEqual([]);
    expect(report.models['dcim.device']!.written).toBe(5);
  });
});
