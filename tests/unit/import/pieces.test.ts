/**
 * The pure pieces of `import-netbox` (runtime/import/), given/want: the Authorization header a token
 * makes, where a downloaded image is stored, older NetBox names mapped to the catalogue's fields, the
 * write order the catalogue gives, objects compared across two bases, the progress line on a terminal,
 * the limiter that slows down when the source is overloaded, a list's pages checked as they come, and
 * what a report counts as not here (the exit code).
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../generated/catalogue.ts';
import { filters } from '../../../generated/filters/index.ts';
import { Registry } from '../../../runtime/catalogue/index.ts';
import { compareObjects } from '../../../runtime/import/compare.ts';
import { legacyNames } from '../../../runtime/import/legacy.ts';
import { Limiter } from '../../../runtime/import/limiter.ts';
import { mediaPath } from '../../../runtime/import/media.ts';
import { ListCursor, type Page } from '../../../runtime/import/pages.ts';
import { planImport } from '../../../runtime/import/plan.ts';
import { Progress } from '../../../runtime/import/progress.ts';
import { emptyReport, exitCode, shortfalls, tally } from '../../../runtime/import/report.ts';
import { authorization } from '../../../runtime/import/source.ts';

const registry = new Registry(catalogue, filters);

describe('authorization', () => {
  const cases: [given: string, want: string][] = [
    ['0123456789abcdef0123456789abcdef01234567', 'Token 0123456789abcdef0123456789abcdef01234567'],
    ['nbt_AbCdEf123456.s3cr3tpart', 'Bearer nbt_AbCdEf123456.s3cr3tpart'],
    ['Bearer nbt_x.y', 'Bearer nbt_x.y'],
    ['Token abc', 'Token abc'],
  ];
  it.each(cases)('%s → %s', (given, want) => expect(authorization(given)).toBe(want));
});

describe('mediaPath', () => {
  const cases: [url: string, folder: string, want: string][] = [
    ['http://netbox/media/image-attachments/rack.png', 'image-attachments', 'image-attachments/rack.png'],
    [
      'https://nb.example.com/netbox/media/devicetype-images/a%20b.png',
      'devicetype-images',
      'devicetype-images/a b.png',
    ],
    ['/media/image-attachments/x.jpg', 'image-attachments', 'image-attachments/x.jpg'],
    // outside MEDIA_ROOT, or climbing out of it: kept by name in the field's folder
    ['http://netbox/static/logo.png', 'image-attachments', 'image-attachments/logo.png'],
    ['http://netbox/media/../etc/passwd', 'image-attachments', 'image-attachments/passwd'],
  ];
  it.each(cases)('%s', (url, folder, want) => expect(mediaPath(url, folder)).toBe(want));
});

describe('older names', () => {
  const cases: { model: string; given: Record<string, unknown>; want: Record<string, unknown> }[] = [
    { model: 'dcim.device', given: { device_role: { id: 3 } }, want: { role: { id: 3 } } },
    // the current name wins where a source sends both
    { model: 'dcim.device', given: { role: { id: 4 }, device_role: { id: 3 } }, want: { role: { id: 4 } } },
    { model: 'ipam.prefix', given: { site: { id: 2 } }, want: { scope_type: 'dcim.site', scope_id: 2 } },
    { model: 'virtualization.cluster', given: { site: 7 }, want: { scope_type: 'dcim.site', scope_id: 7 } },
    {
      model: 'extras.eventrule',
      given: { type_create: true, type_update: false, type_delete: true, type_job_start: false, type_job_end: true },
      want: { event_types: ['object_created', 'object_deleted', 'job_completed', 'job_errored', 'job_failed'] },
    },
    { model: 'ipam.vlangroup', given: { min_vid: 100, max_vid: 199 }, want: { vid_ranges: [[100, 199]] } },
    { model: 'extras.customfield', given: { content_types: ['dcim.site'] }, want: { object_types: ['dcim.site'] } },
    // a token without a version (before v2 tokens) shows a v1 token's plaintext as its key
    { model: 'users.token', given: { key: 'a'.repeat(40) }, want: { token: 'a'.repeat(40) } },
    {
      model: 'ipam.service',
      given: { device: { id: 5 } },
      want: { parent_object_type: 'dcim.device', parent_object_id: 5 },
    },
  ];
  it.each(cases)('$model $given', ({ model, given, want }) => {
    const o: Record<string, unknown> = structuredClone(given);
    const used = legacyNames(registry, registry.model(model)).apply(o);
    expect(o).toMatchObject(want);
    expect(used.sort()).toEqual(
      Object.keys(given)
        .filter((k) => !(k in want))
        .sort(),
    );
  });
});

describe('planImport', () => {
  const plan = planImport(
    registry,
    registry.all().map((m) => m.key),
  );
  const order = plan.groups.flatMap((g) => g.models.map((m) => m.key));
  const groupOf = (key: string) => plan.groups.find((g) => g.models.some((m) => m.key === key))!;

  it('writes every model once, each after the models its required references name', () => {
    expect(new Set(order).size).toBe(registry.all().length);
    for (const m of registry.all())
      for (const f of m.fields)
        if (f.kind === 'fk' && !f.nullable && !f.hidden)
          expect(order.indexOf(f.to), `${m.key}.${f.name}`).toBeLessThanOrEqual(order.indexOf(m.key));
  });

  it('writes a cycle together, holding back its nullable references', () => {
    const g = groupOf('dcim.device');
    expect(g.models.map((m) => m.key).sort()).toEqual(['dcim.device', 'dcim.virtualchassis']);
    expect(g.deferred.get('dcim.virtualchassis')!.map((f) => f.name)).toEqual(['master']);
    expect(
      groupOf('dcim.interface')
        .deferred.get('dcim.interface')!
        .map((f) => f.name)
        .sort(),
    ).toEqual(['bridge', 'lag', 'parent']);
  });
});

describe('compareObjects', () => {
  const ctx = { bases: ['http://netbox:8000', 'http://import-target.invalid'], skip: new Set(['secret']) };
  const cases: { name: string; a: Record<string, unknown>; b: Record<string, unknown>; want: string[] }[] = [
    {
      name: 'each side its own base',
      a: { id: 1, url: 'http://netbox:8000/api/dcim/sites/1/' },
      b: { id: 1, url: 'http://import-target.invalid/api/dcim/sites/1/' },
      want: [],
    },
    {
      name: 'date-times as instants',
      a: { id: 1, created: '2026-11-25T09:18:26.958716Z' },
      b: { id: 1, created: '2026-11-25T10:18:26.958716+01:00' },
      want: [],
    },
    {
      name: 'keys one side lacks, and skipped keys',
      a: { id: 1, legacy: 1, secret: 'x' },
      b: { id: 1, secret: 'y' },
      want: [],
    },
    { name: 'nested values', a: { id: 1, site: { id: 2 } }, b: { id: 1, site: { id: 3 } }, want: ['site.id'] },
    { name: 'list lengths', a: { id: 1, tags: [1, 2] }, b: { id: 1, tags: [1] }, want: ['tags'] },
  ];
  it.each(cases)('$name', ({ a, b, want }) => {
    expect(compareObjects('dcim.site', a, b, ctx).map((d) => d.path)).toEqual(want);
  });

  it('masks secrets in what it lists', () => {
    const [d] = compareObjects(
      'users.token',
      { id: 1, key: 'abc' },
      { id: 1, key: 'def' },
      { ...ctx, skip: new Set() },
    );
    expect(d).toMatchObject({ path: 'key', source: '<secret>', target: '<secret>' });
  });
});

describe('Progress', () => {
  function capture(isTTY: boolean) {
    const out: string[] = [];
    return { out, output: { isTTY, write: (t: string) => out.push(t) } };
  }

  it('on a terminal, rewrites one status line per model, then leaves a line when it ends', () => {
    const { out, output } = capture(true);
    const p = new Progress(output, 3000);
    p.begin('dcim.interface', 2000);
    p.advance(1000);
    p.end(2000);
    expect(out[0]).toMatch(/^\r\x1b\[Kdcim\.interface 0\/2,000 {2}0\/s {2}.+ left \(all: 0\/3,000, .+ left\)$/);
    expect(out.at(-1)).toMatch(/^ {2}dcim\.interface +2,000 written +[\d.]+ s +[\d,]+\/s\n$/);
    expect(out.at(-2)).toBe('\r\x1b[K');
  });

  it('elsewhere, writes only the finished models', () => {
    const { out, output } = capture(false);
    const p = new Progress(output, 10);
    p.begin('dcim.site', 10);
    p.advance(10);
    p.end(10);
    p.begin('dcim.rack', 0);
    p.end(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^ {2}dcim\.site +10 written/);
  });
});

describe('Limiter', () => {
  it('halves at an overload, never below one, and grows back one at a time after good answers', () => {
    const l = new Limiter(4);
    l.slowDown(0);
    expect(l.stats).toEqual({ slowdowns: 1, lowest: 2, current: 2 });
    l.slowDown(0);
    l.slowDown(0);
    expect(l.stats).toEqual({ slowdowns: 3, lowest: 1, current: 1 });
    for (let i = 0; i < 4; i++) l.succeeded();
    expect(l.stats.current).toBe(2);
    for (let i = 0; i < 8; i++) l.succeeded();
    expect(l.stats.current).toBe(3);
  });

  it('keeps at most its current number of calls running', async () => {
    const l = new Limiter(2);
    let running = 0;
    let most = 0;
    const task = () =>
      l.run(async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      });
    await Promise.all(Array.from({ length: 8 }, task));
    expect(most).toBe(2);
  });
});

describe('ListCursor', () => {
  const page = (ids: number[], count: number, next = true): Page => ({
    count,
    next,
    results: ids.map((id) => ({ id })),
  });
  const ids = (objects: Record<string, unknown>[]) => objects.map((o) => o.id);

  it('ends a list at its count or at a page without a next one, whatever else the page says', () => {
    const c = new ListCursor('dcim/devices');
    expect(c.check(page([1, 2], 5), { limit: 2, offset: 0 }).more).toBe(true);
    expect(c.check(page([3, 4], 5, false), { limit: 2, offset: 2 }).more).toBe(false);
    // the last page's `next` (back to itself, to another host) is not followed
    expect(new ListCursor('dcim/devices').check(page([1, 2, 3], 3), { limit: 5, offset: 0 }).more).toBe(false);
    expect(new ListCursor('dcim/devices').check(page([], 3), { limit: 5, offset: 5 }).more).toBe(false);
  });

  it('sets apart an id listed before, and counts each object once', () => {
    const c = new ListCursor('dcim/devices');
    const first = c.check(page([1, 2, 2], 4), { limit: 3, offset: 0 });
    expect([ids(first.fresh), ids(first.repeated)]).toEqual([[1, 2], [2]]);
    const second = c.check(page([1, 3], 4), { limit: 3, offset: 3 });
    expect([ids(second.fresh), ids(second.repeated)]).toEqual([[3], [1]]);
    expect(c.listed).toBe(3);
  });

  it('stops at a page with nothing new, naming the list and the page', () => {
    const c = new ListCursor('dcim/devices', 10);
    expect(() => c.check(page([9, 10], 8), { limit: 2, offset: 4, after: 10 })).toThrow(
      'the list /api/dcim/devices/, page 3 (offset 4, ids above 10): every object on it was listed before ' +
        '(ids 9 to 10)',
    );
  });
});

describe('shortfalls and the exit code', () => {
  it('counts what is not here, leaving out what is done by hand, and exits 2 for any of it', () => {
    const r = emptyReport('http://netbox', '4.6');
    Object.assign(tally(r, 'users.token'), { source: 2, written: 1, secretless: 1 });
    r.tokens.push({ id: 2, user: 'admin', version: 2, key: 'abc', description: '', expires: null });
    r.notCopied['core.objectchange'] = 'the change log is copied with --with-changelog only';
    expect([shortfalls(r), exitCode(r)]).toEqual([[], 0]);
    Object.assign(tally(r, 'dcim.device'), { source: 5, written: 3, skipped: 1, repeated: 1, unlisted: 1 });
    r.notCopied['dcim.site'] = 'not readable with this token: dcim/sites: 403';
    expect(shortfalls(r)).toEqual([
      '1 object not copied',
      '1 object listed twice by the source',
      '1 object counted by the source but never listed',
      '1 list the token may not read',
    ]);
    expect(exitCode(r)).toBe(2);
  });
});
