/**
 * Ctrl-C during `npm run manage -- import-netbox` on the embedded PostgreSQL, sent as a terminal sends
 * it: SIGINT to the command's whole process group (npm, which passes it on too, and the script). The
 * import stops after the pages being written, records where it stopped, closes its connections, then
 * stops the database (in a process group of its own, so the terminal's signal does not stop it under
 * the import), and says how to continue: no error, nothing left running. `--resume` then finishes the
 * copy, verified clean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/process.ts';
import { TOKEN } from '../helpers/server.ts';
import { startNetboxFixture, type NetboxFixture } from './netbox-fixture.ts';

let netbox: NetboxFixture | undefined;

afterAll(async () => {
  await netbox?.stop();
});

interface Run {
  readonly child: ChildProcess;
  out(): string;
  /** the exit code, or the signal that ended it */
  readonly exited: Promise<number | string | null>;
}

/** `npm run manage -- import-netbox …` as a terminal starts it: the leader of a process group of its own. */
function importNetbox(env: Record<string, string>, ...flags: string[]): Run {
  const args = ['--silent', 'run', 'manage', '--', 'import-netbox', '--url', netbox!.url, '--token', TOKEN, ...flags];
  const child = spawn('npm', args, {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, out: () => out, exited };
}

async function until(run: Run, pattern: RegExp, ms = 180_000): Promise<void> {
  const started = Date.now();
  while (!pattern.test(run.out())) {
    if (run.child.exitCode !== null) throw new Error(`exited (${run.child.exitCode}) before ${pattern}:\n${run.out()}`);
    if (Date.now() - started > ms) throw new Error(`no ${pattern} within ${ms} ms:\n${run.out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a failed test leaves running is ended (the group may be gone already). */
function end(pid: number | undefined): void {
  try {
    if (pid) process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** npm's own warnings about the machine's npm config are not the program's output. */
const errorsIn = (text: string) =>
  text.split('\n').filter((l) => /error|Error|57P01|throw/.test(l) && !l.startsWith('npm warn'));

describe('Ctrl-C during import-netbox on the embedded database', () => {
  it('stops after the pages being written, then the database; --resume finishes the copy', async () => {
    netbox = await startNetboxFixture();
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-ctrl-c-')), EMBEDDED_PG_PORT: String(await freePort()) };
    const first = importNetbox(env, '--page-size', '2');
    let postgres = 0;
    try {
      // a model copied whole, and the next one under way
      await until(first, /^ {2}\S+ +\d+ written/m);
      postgres = Number(readFileSync(join(env.DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const signalled = performance.now();
      process.kill(-first.child.pid!, 'SIGINT');
      // the database outlives the import: it is stopped once the import has stopped (the pages being written
      // done, their state recorded, the connections closed), not by the terminal's signal under the import
      let databaseFirst = false;
      const watch = setInterval(() => {
        if (!first.out().includes('import stopped') && !alive(postgres)) databaseFirst = true;
      }, 20);
      void first.exited.then(() => clearInterval(watch));
      // the script exits 1; the shell npm runs it in then ends by the SIGINT it received (dash does), and npm
      // after it by the same signal, as it does for any script stopped by Ctrl-C
      expect([1, 'SIGINT'], first.out()).toContain(await first.exited);
      const seconds = (performance.now() - signalled) / 1000;
      expect(databaseFirst, `PostgreSQL stopped before the import did:\n${first.out()}`).toBe(false);
      // before: TypeError: Cannot read properties of null (reading 'write') from postgres.js
      expect(errorsIn(first.out())).toEqual([]);
      expect(first.out()).toContain('stopping after the pages being written');
      expect(first.out()).toContain('import stopped: run the same command with --resume');
      expect(first.out()).not.toMatch(/^Verification:/m);
      expect(alive(postgres)).toBe(false);
      expect(existsSync(join(env.DATA_DIR, 'pg', 'postmaster.pid'))).toBe(false);
      expect(seconds).toBeLessThan(30);
    } finally {
      end(-first.child.pid!);
      if (postgres) end(postgres);
    }

    const resumed = importNetbox(env, '--page-size', '2', '--resume');
    try {
      expect(await resumed.exited, resumed.out()).toBe(0);
    } finally {
      end(-resumed.child.pid!);
    }
    const objects = (run: Run, verb: string) =>
      Number(new RegExp(`^${verb}: ([\\d,]+) objects`, 'm').exec(run.out())![1]!.replaceAll(',', ''));
    const copied = objects(first, 'Copying');
    const rest = objects(resumed, 'Resuming');
    expect(rest).toBeGreaterThan(0);
    expect(rest).toBeLessThan(copied);
    expect(resumed.out()).toMatch(/^Verification: \d+ objects compared field by field in .*; no differences\.$/m);
  }, 300_000);
});
