/** /api/core/jobs/: every job mirrored with spec 2.13's fields, read-only (webhook deliveries are not jobs). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../runtime/jobs/index.ts';
import { pruneChangelogJob } from '../../runtime/tasks/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
});
afterAll(async () => s?.stop());

describe('jobs', () => {
  it('shows a job pending, then completed, with its fields', async () => {
    await s.sql.begin((tx) => enqueueJob(tx, { kind: pruneChangelogJob, name: 'Prune the change log', payload: {} }));
    let job: any;
    for (let i = 0; i < 100; i++) {
      job = (await s.request('GET', '/api/core/jobs/?limit=1')).body.results[0];
      if (job?.status.value === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Object.keys(job)).toEqual([
      'id',
      'url',
      'display_url',
      'display',
      'object_type',
      'object_id',
      'object',
      'name',
      'status',
      'created',
      'scheduled',
      'interval',
      'started',
      'completed',
      'user',
      'data',
      'error',
      'job_id',
      'queue_name',
      'notifications',
      'log_entries',
    ]);
    expect(job).toMatchObject({
      name: 'Prune the change log',
      status: { value: 'completed', label: 'Completed' },
      error: '',
      data: { retention_days: 90 },
      queue_name: 'default',
    });
    // its run is a background task too, under the job's UUID
    const task = (await s.request('GET', `/api/core/background-tasks/${job.job_id}/`)).body;
    expect(task).toMatchObject({ id: job.job_id, description: 'Prune the change log', status: 'finished' });
    expect(job.display).toBe(job.job_id);
    expect(job.job_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(job.started)).toBeLessThanOrEqual(Date.parse(job.completed));
    expect((await s.request('POST', '/api/core/jobs/', {})).status).toBe(405);
    expect((await s.request('GET', `/api/core/jobs/?status=completed&limit=1`)).body.count).toBe(1);
  });
});
