/**
 * A write made by the job worker in its own process (`npm run worker`: a branch's merge) reaches the stream
 * without waiting for the sequencer's next tick, as a request's write does (wake.test.ts): its commit's
 * notice wakes the sequencer. The server and the worker here tick once every ten minutes, so an event that
 * arrives within the test's generous wait was sequenced because its write sent the notice, not by a tick.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { openStream, type SseClient } from '../helpers/sse.ts';
import { inBranch, operate, readyBranch, site } from '../helpers/branch.ts';
import { until } from '../helpers/process.ts';

const TICK = { STREAM_INTERVAL_MS: '600000' };

let s: TestServer;
let worker: ChildProcess | undefined;
let out = '';
const open: SseClient[] = [];

beforeAll(async () => {
  s = await startTestServer({ env: TICK });
  worker = spawn(process.execPath, ['--import', 'tsx', 'runtime/worker-main.ts'], {
    env: {
      ...process.env,
      ...TICK,
      DATABASE_URL: s.databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-worker-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker.stdout?.on('data', (d) => (out += String(d)));
  worker.stderr?.on('data', (d) => (out += String(d)));
  const child = worker;
  await until({ child, out: () => out }, 'worker');
}, 120_000);

afterAll(async () => {
  for (const c of open) c.close();
  if (worker && worker.exitCode === null) {
    const exited = new Promise((r) => worker?.once('exit', r));
    worker.kill('SIGTERM');
    await exited;
  }
  await s?.stop();
});

it("streams a merge the worker process commits without waiting for the sequencer's tick", async () => {
  const branch = await readyBranch(s, 'worker-wake');
  const created = await site(inBranch(s, branch.schema_id), { description: 'made in the branch' });
  const c = await openStream(s.url, '/api/core/object-changes/stream/?changed_object_type=dcim.site', AUTH);
  open.push(c);
  expect(c.status).toBe(200);
  const job = await operate(s, branch.id, 'merge');
  expect(job.status.value, JSON.stringify(job)).toBe('completed');
  // nothing else commits from here on: only the merge's own notice can have woken the sequencer
  await c.waitFor((x) => x.events.length >= 1, 60_000, "the merge's create in main's stream");
  expect(c.events.map((e) => e.event)).toEqual(['create']);
  expect(c.json()[0]?.object_repr).toBe(created.name);
}, 180_000);
