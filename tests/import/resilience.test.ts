/**
 * An import that meets trouble: stopped midway (Ctrl-C, or a source gone), it refuses to start over
 * and continues with --resume from the last page it finished, ending as an uninterrupted one would;
 * a source answering 429 and 503 makes it slow down and try again, never fail.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../runtime/db/index.ts';
import { ImportRefused } from '../../runtime/import/index.ts';
import { TOKEN } from '../helpers/server.ts';
import { startNetboxFixture, type NetboxFixture } from './netbox-fixture.ts';
import { dropTargets, explain, runImport, targetDatabase } from './run-import.ts';

let netbox: NetboxFixture | undefined;

afterAll(dropTargets);

afterEach(async () => {
  await netbox?.stop();
  netbox = undefined;
});

async function rows(url: string, query: string): Promise<number> {
  const sql = connect(url, { max: 1 });
  try {
    return Number((await sql.unsafe(query))[0]!.n);
  } finally {
    await sql.end();
  }
}

describe('an interrupted import', () => {
  it('continues with --resume from the last finished page and verifies clean', async () => {
    const stop = new AbortController();
    // stopped while VM interfaces (12, in pages of 2) are being copied
    netbox = await startNetboxFixture({
      fault: (_, path) => {
        if (path.startsWith('/api/virtualization/interfaces/') && /offset=6\b/.test(path)) stop.abort();
        return undefined;
      },
    });
    const target = await targetDatabase();
    const first = runImport(netbox.url, TOKEN, target, { pageSize: 2, signal: stop.signal });
    await expect(first).rejects.toThrow(/abort/i);
    const partial = await rows(target, 'SELECT count(*) AS n FROM virtualization_vminterface');
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(12);
    expect(await rows(target, 'SELECT count(*) AS n FROM dcim_device')).toBe(5);

    const again = runImport(netbox.url, TOKEN, target, { pageSize: 2 });
    await expect(again).rejects.toBeInstanceOf(ImportRefused);
    await expect(again).rejects.toThrow(/did not finish.*--resume/);

    const resumed = await runImport(netbox.url, TOKEN, target, { pageSize: 2, resume: true });
    expect(resumed.report.verification?.clean, explain(resumed)).toBe(true);
    // the report covers the whole run, both halves
    expect(resumed.report.models['dcim.device']!.written).toBe(5);
    expect(resumed.report.models['virtualization.vminterface']!.written).toBe(12);
    expect(await rows(target, 'SELECT count(*) AS n FROM virtualization_vminterface')).toBe(12);
    expect(await rows(target, `SELECT count(*) AS n FROM pg_namespace WHERE nspname = 'netbox_import'`)).toBe(0);
  });

  it('has nothing to resume in a database no import stopped in', async () => {
    netbox = await startNetboxFixture();
    const none = runImport(netbox.url, TOKEN, await targetDatabase(), { resume: true });
    await expect(none).rejects.toThrow(/no unfinished import/);
  });
});

describe('a source that is overloaded', () => {
  it('answering 429 and 503 slows the import down instead of failing it', async () => {
    // every fifth request of the first 200 is refused, alternately throttled and unavailable
    netbox = await startNetboxFixture({ fault: (n) => (n <= 200 && n % 5 === 0 ? (n % 10 ? 429 : 503) : undefined) });
    const outcome = await runImport(netbox.url, TOKEN, await targetDatabase(), { concurrency: 4 });
    expect(outcome.report.verification?.clean, explain(outcome)).toBe(true);
    const q = outcome.report.source_requests;
    expect(netbox.faults).toBe(40);
    expect(q.retries).toBeGreaterThan(0);
    expect(q.slowdowns).toBeGreaterThan(0);
    expect(q.lowestConcurrency).toBeLessThan(4);
  });
});
