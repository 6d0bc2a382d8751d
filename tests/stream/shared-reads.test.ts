/**
 * The streams of one process that send records in the same form read and render each record once between
 * them, counted on the wire to PostgreSQL: all of them are woken by the same commit and ask for the same
 * records at the same moment, and the ones that ask while the first read is under way wait for it
 * instead of reading again (the bench's 10 clients during bulk writes: ten reads of every batch before);
 * so do the reads of the history that find the batch, for streams with the same filters and user.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startPgCounter, type PgCounter } from '../helpers/pg-counter.ts';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { openStream, type SseClient } from '../helpers/sse.ts';

const CLIENTS = 8;
let s: TestServer;
let counter: PgCounter;
const open: SseClient[] = [];

beforeAll(async () => {
  counter = await startPgCounter(inject('adminUrl'));
  s = await startTestServer({ via: (url) => counter.route(url) });
});
afterAll(async () => {
  for (const c of open) c.close();
  await s?.stop();
  await counter?.close();
});

/** The statements that read change records to render them for a stream (frames.ts: by a list of ids). */
const renders = () => counter.texts().filter((t) => t.includes('WITH ORDINALITY AS k(__id, __pos)')).length;
/** The statements that read a stream's next history rows (epochs.ts: from its position on). */
const historyReads = () =>
  counter.texts().filter((t) => /FROM public\.core_objectchange_epoch\s+WHERE schema = \$1 AND id >= \$2/.test(t))
    .length;

it('reads a batch of records once for every stream of the same form', async () => {
  for (let i = 0; i < CLIENTS; i++)
    open.push(await openStream(s.url, '/api/core/object-changes/stream/?changed_object_type=tenancy.tenant', AUTH));
  for (let round = 0; round < 3; round++) {
    counter.reset();
    const items = Array.from({ length: 40 }, (_, i) => ({
      name: `shared-${round}-${i}`,
      slug: `shared-${round}-${i}`,
    }));
    expect((await s.request('POST', '/api/tenancy/tenants/', items)).status).toBe(201);
    const want = 40 * (round + 1);
    await Promise.all(
      open.map((c) => c.waitFor((x) => x.events.filter((e) => e.event === 'create').length >= want, 60_000)),
    );
    // one commit, one history row, one read of its 40 records for all the streams, and one read of the
    // history that finds it (the streams follow the same feed from the same position: they share the batch;
    // and none reads again once it has the newest row announced)
    expect(renders(), `round ${round}`).toBe(1);
    // (in round 0 a stream's first read, made once its headers were sent, may come after the reset)
    if (round > 0) expect(historyReads(), `round ${round}`).toBe(1);
  }
  const first = open[0]!.json('create').map((r) => r.id);
  for (const c of open) expect(c.json('create').map((r) => r.id)).toEqual(first);
});
