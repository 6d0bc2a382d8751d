/**
 * `import-netbox` against a NetBox that misbehaves (netbox-fixture.ts serving crafted answers): pages
 * whose `next` leads back to themselves or cycles, a `next` to another host or list, a body sent a byte
 * a second, a list that answers 503 for ever, pages shorter than asked for, an object listed twice, a
 * reference to an object the source never lists. Each ends in bounded time, with an error naming the list and the
 * page, or with
 * what was not copied counted honestly, named, and exit code 2.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { exitCode, formatReport, SourceError } from '../../runtime/import/index.ts';
import { TOKEN } from '../helpers/server.ts';
import { startNetboxFixture, type Answer, type NetboxFixture } from './netbox-fixture.ts';
import { dropTargets, explain, runImport, runManage, targetDatabase } from './run-import.ts';

type Obj = Record<string, any>;

let netbox: NetboxFixture | undefined;

afterAll(dropTargets);

afterEach(async () => {
  await netbox?.stop();
  netbox = undefined;
});

const DEVICES = '/api/dcim/devices/';

/** A request for a page of the device list (not the count the import asks for first, `brief`). */
const devicePage = (url: URL) => url.pathname === DEVICES && !url.searchParams.has('brief');

/** The page's results rewritten. */
const rewrite = ([status, page]: Answer, results: (all: Obj[]) => Obj[]): Answer => [
  status,
  { ...page, results: results(page.results) },
];

/** How long `work` takes to settle, and how it settled. */
async function timed<T>(work: Promise<T>): Promise<{ seconds: number; error?: Error; value?: T }> {
  const started = performance.now();
  const settled = await work.then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );
  return { seconds: (performance.now() - started) / 1000, ...settled };
}

describe('a source whose pages lead back', () => {
  /** Every page of the device list is its first page, with itself as the next one; counts the pages asked for. */
  const selfLoop = (pages: { n: number }) => ({
    craft: (url: URL, answer: (url: URL) => Answer): Answer | undefined => {
      if (!devicePage(url)) return undefined;
      pages.n++;
      const first = new URL(url);
      first.searchParams.delete('offset');
      const [status, page] = answer(first);
      return [status, { ...page, next: url.href }];
    },
  });

  it('ends a list at its count when its `next` points to the page itself', async () => {
    const pages = { n: 0 };
    netbox = await startNetboxFixture(selfLoop(pages));
    const run = await timed(runImport(netbox.url, TOKEN, await targetDatabase()));
    // before: 1,749 requests for the device list in 40 s, and never an end
    expect(run.error).toBeUndefined();
    expect(run.value!.report.verification?.clean, explain(run.value!)).toBe(true);
    expect(run.value!.report.models['dcim.device']).toMatchObject({ source: 5, written: 5 });
    expect(pages.n).toBe(2); // the copy's and the verification's
    expect(run.seconds).toBeLessThan(40);
  });

  it('stops at a `next` that leads back to the page before, naming the list and the page', async () => {
    const pages = { n: 0 };
    netbox = await startNetboxFixture(selfLoop(pages));
    const run = await timed(runImport(netbox.url, TOKEN, await targetDatabase(), { pageSize: 2 }));
    expect(run.error).toBeInstanceOf(SourceError);
    expect(run.error!.message).toMatch(/^the list \/api\/dcim\/devices\/, page 2 \(offset 2\): /);
    expect(run.error!.message).toContain(
      ": every object on it was listed before (ids 1 to 2): the source's pages lead back",
    );
    expect(pages.n).toBeLessThanOrEqual(3);
    expect(run.seconds).toBeLessThan(30);
  });

  it('stops at pages that cycle', async () => {
    // pages of two: offsets 0, 2, then 0, 2 again, each saying there is a next one
    netbox = await startNetboxFixture({
      craft: (url, answer) => {
        if (!devicePage(url)) return undefined;
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const at = new URL(url);
        at.searchParams.set('offset', String(offset % 4));
        const [status, page] = answer(at);
        const next = new URL(url);
        next.searchParams.set('offset', String((offset + 2) % 4));
        return [status, { ...page, next: next.href }];
      },
    });
    const run = await timed(runImport(netbox.url, TOKEN, await targetDatabase(), { pageSize: 2 }));
    expect(run.error?.message).toMatch(/^the list \/api\/dcim\/devices\/, page 3 \(offset 4\): every object on it/);
    expect(run.seconds).toBeLessThan(40);
  });

  it('never follows a `next` to another host or another list, and ends each list at its count', async () => {
    let elsewhere = 0;
    const other: Server = createServer((_req, res) => {
      elsewhere++;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 999 }] }));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const away = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      // every list page, the last ones too, names a next page on another host, or the site list
      netbox = await startNetboxFixture({
        craft: (url, answer) => {
          if (!url.searchParams.has('offset') && !url.searchParams.has('limit')) return undefined;
          const [status, page] = answer(url);
          if (status !== 200 || !Array.isArray(page.results)) return undefined;
          const next = devicePage(url) ? `${netbox!.url}/api/dcim/sites/?limit=2&offset=2` : `${away}${url.pathname}`;
          return [status, { ...page, next }];
        },
      });
      const run = await timed(runImport(netbox.url, TOKEN, await targetDatabase(), { pageSize: 2 }));
      expect(run.error).toBeUndefined();
      expect(run.value!.report.verification?.clean, explain(run.value!)).toBe(true);
      expect(run.value!.report.models['dcim.device']).toMatchObject({ source: 5, written: 5, repeated: 0 });
      expect(elsewhere).toBe(0);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  }, 120_000);
});

describe('a source with a lower MAX_PAGE_SIZE', () => {
  it('is copied and verified at its page size', async () => {
    // pages of at most two objects, whatever the import asks for (NetBox's MAX_PAGE_SIZE = 2)
    netbox = await startNetboxFixture({
      craft: (url, answer) => {
        if (Number(url.searchParams.get('limit') ?? 0) <= 2) return undefined;
        const capped = new URL(url);
        capped.searchParams.set('limit', '2');
        return answer(capped);
      },
    });
    const outcome = await runImport(netbox.url, TOKEN, await targetDatabase(), { pageSize: 4 });
    // before: the verification read offsets 0, 4, 8 … of pages of two, and found half the objects missing there
    expect(outcome.report.verification?.clean, explain(outcome)).toBe(true);
    expect(outcome.report.models['virtualization.vminterface']).toMatchObject({ source: 12, written: 12 });
  }, 120_000);
});

describe('a source that is slow or keeps failing', () => {
  it('gives up on a body sent a byte a second at the request deadline, leaving nothing open', async () => {
    netbox = await startNetboxFixture({ pace: (url) => (devicePage(url) ? { bytesPerSecond: 1 } : undefined) });
    const target = await targetDatabase();
    const limits = { requestTimeoutMs: 1500, retryTimeMs: 4000, attempts: 8, pageSize: 2 };
    const run = await timed(runImport(netbox.url, TOKEN, target, limits));
    expect(run.error).toBeInstanceOf(SourceError);
    expect(run.error!.message).toMatch(
      /^the list \/api\/dcim\/devices\/, page 1 \(offset 0\): no complete answer within 1\.5 s; tried [234] times /,
    );
    expect(run.error!.message).toMatch(/ in [45](\.\d)? s \(each try may take 1\.5 s, all of them 4 s\): GET /);
    // before: each try waited 300 s (one measured: 311 s), eight tries about 41 minutes
    expect(run.seconds).toBeLessThan(25);
    // the pages read ahead were cut off with it, not left trickling
    await new Promise((r) => setTimeout(r, 300));
    expect(netbox.open).toBe(0);
  });

  it('stops trying a list that answers 503 for ever when the retry time is spent', async () => {
    netbox = await startNetboxFixture({
      fault: (_, path) => (devicePage(new URL(path, 'http://x')) ? 503 : undefined),
    });
    const limits = { attempts: 100, backoffMs: 20, retryTimeMs: 3000 };
    const run = await timed(runImport(netbox.url, TOKEN, await targetDatabase(), limits));
    expect(run.error?.message).toMatch(
      /^the list \/api\/dcim\/devices\/, page 1 \(offset 0\): 503; tried \d+ times in 3(\.\d)? s /,
    );
    expect(run.error?.message).toContain(' s (each try may take 120 s, all of them 3 s)');
    expect(run.seconds).toBeLessThan(25);
  });
});

describe('objects the source lists wrongly', () => {
  // virtual disks: nothing refers to them (nothing else goes missing with one)
  const DISKS = '/api/virtualization/virtual-disks/';

  it('counts an object listed twice, and one counted but never listed, and exits 2', async () => {
    // NetBox's ten tags (none on an object), the last listed as a second copy of the first
    netbox = await startNetboxFixture({
      craft: (url, answer) => {
        if (url.pathname !== '/api/extras/tags/' || url.searchParams.has('brief')) return undefined;
        return rewrite(answer(url), (all) => all.map((o) => (o.id === 10 ? all[0]! : o)));
      },
    });
    const r = (await runImport(netbox.url, TOKEN, await targetDatabase())).report;
    // before: 10 written and 1 skipped ("duplicate key value violates unique constraint"), 9 rows here, exit 0
    expect(r.models['extras.tag']).toMatchObject({ source: 10, written: 9, repeated: 1, unlisted: 1, skipped: 0 });
    expect(r.repeated).toEqual([
      { model: 'extras.tag', id: 1, reason: 'listed again on the list /api/extras/tags/, page 1 (offset 0)' },
    ]);
    expect(r.skipped).toEqual([]);
    const text = formatReport(r);
    expect(text).toContain(
      'Not all of the source is here: 1 object listed twice by the source, 1 object counted by the source ' +
        'but never listed (listed below).',
    );
    expect(text).toContain('  extras.tag: 1\n');
    expect(exitCode(r)).toBe(2);
  });

  it('names the object a reference points to that the source never lists, and exits 2', async () => {
    // disk 1 belongs to virtual machine 99, which the source does not have
    netbox = await startNetboxFixture({
      transform: (path, o) =>
        path === DISKS && o.id === 1 && o.virtual_machine
          ? { ...o, virtual_machine: { ...o.virtual_machine, id: 99 } }
          : o,
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'nb-misbehaving-'));
    const env = { DATABASE_URL: await targetDatabase(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const r = await runManage(env, 'import-netbox', '--url', netbox.url, '--token', TOKEN);
    // before: exit 0, the reason "insert or update on table "virtualization_virtualdisk" violates foreign key …"
    expect(r.code, `${r.out}\n${r.err}`).toBe(2);
    expect(r.out).toMatch(/^ {2}virtualization\.virtualdisk +1 written .*\/s {2}\(1 not copied\)$/m);
    expect(r.out).toMatch(/^Not all of the source is here: 1 object not copied \(listed below\)\.$/m);
    expect(r.out).toContain(
      '  virtualization.virtualdisk 1: its virtual_machine (virtualization.virtualmachine 99) is not among the ' +
        'objects the source lists',
    );
    expect(r.out).not.toMatch(/violates foreign key/);
  }, 120_000);

  it('says of the objects that refer to one not copied that it was not copied either', async () => {
    // device 1 stands at site 99, which the source does not have; its interfaces cannot be copied then
    netbox = await startNetboxFixture({
      transform: (path, o) => (path === DEVICES && o.id === 1 && o.site ? { ...o, site: { ...o.site, id: 99 } } : o),
    });
    const r = (await runImport(netbox.url, TOKEN, await targetDatabase())).report;
    expect(r.skipped).toContainEqual({
      model: 'dcim.device',
      id: 1,
      reason: 'its site (dcim.site 99) is not among the objects the source lists',
    });
    const interfaces = r.skipped.filter((f) => f.model === 'dcim.interface');
    expect(interfaces.length).toBeGreaterThan(0);
    for (const f of interfaces) expect(f.reason).toBe('its device (dcim.device 1) was not copied either');
    expect(r.models['dcim.device']).toMatchObject({ source: 5, written: 4, skipped: 1 });
    expect(exitCode(r)).toBe(2);
  });
});
