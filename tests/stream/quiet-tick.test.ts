/**
 * The sequencer looks for commits every STREAM_INTERVAL_MS (20 ms here) only while writes commit: while
 * none do, each look that finds no new change record doubles the wait, up to half a second, however
 * often other transactions move PostgreSQL's snapshot, and a commit still reaches the stream. Its looks
 * are counted on its own connection in pg_stat_activity (each statement moves `state_change`).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEQUENCER_APPLICATION } from '../../runtime/stream/sequencer.ts';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { openStream, type SseClient } from '../helpers/sse.ts';

let s: TestServer;
const open: SseClient[] = [];

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  for (const c of open) c.close();
  await s?.stop();
});

/** How many times the sequencer's connection changed state during `ms` (a statement: about two). */
async function stateChanges(ms: number): Promise<number> {
  const seen = new Set<string>();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const rows = await s.sql<{ at: string }[]>`SELECT state_change::text AS at FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${SEQUENCER_APPLICATION}`;
    for (const r of rows) seen.add(r.at);
    await new Promise((r) => setTimeout(r, 3));
  }
  return seen.size;
}

it('looks less often while nothing commits, and still sends what commits', async () => {
  // the first looks, and whatever the server's start committed, are behind it after a few seconds
  await new Promise((r) => setTimeout(r, 4000));
  // other transactions that take an id move PostgreSQL's snapshot (another database's writes do too, as
  // in CI); they commit no change record, so the spell stays quiet
  let taking = true;
  const others = (async () => {
    while (taking) {
      await s.sql`SELECT txid_current()`;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const quiet = await stateChanges(2000);
  taking = false;
  await others;
  // at 20 ms a look it would be about 100 statements in 2 s; quiet, it is a few a second (the looks at
  // most 500 ms apart, and the once-a-second read of the branch schemas with its sequencing statement)
  expect(quiet).toBeGreaterThan(0);
  expect(quiet).toBeLessThan(40);

  const c = await openStream(s.url, '/api/core/object-changes/stream/?changed_object_type=tenancy.tenant', AUTH);
  open.push(c);
  expect(c.status).toBe(200);
  const t = await s.request('POST', '/api/tenancy/tenants/', { name: 'quiet-a', slug: 'quiet-a' });
  expect(t.status, t.text).toBe(201);
  await c.waitFor((x) => x.events.length >= 1, 15_000, 'the create');
  expect(c.json().map((r) => r.object_repr)).toEqual(['quiet-a']);
});
