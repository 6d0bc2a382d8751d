/**
 * The server as its own operating-system process (as `npm start` runs it), for tests that kill it.
 * Started with `node --import tsx` so that the pid is the server itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../runtime/ports.ts';
import { TOKEN } from './server.ts';

export { freePort };

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function spawnServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'nb-proc-')),
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'runtime/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      SUPERUSER_NAME: 'admin',
      SUPERUSER_PASSWORD: 'admin-password',
      SUPERUSER_API_TOKEN: TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  const started = Date.now();
  while (!out.includes('API listening')) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    if (Date.now() - started > 60_000) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    kill: (signal = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Waits until a process's output holds text; fails with the output when it exits first or takes over ms. */
export async function until(run: { child: ChildProcess; out(): string }, text: string, ms = 90_000): Promise<void> {
  const started = Date.now();
  while (!run.out().includes(text)) {
    if (run.child.exitCode !== null) throw new Error(`exited (${run.child.exitCode}) before "${text}":\n${run.out()}`);
    if (Date.now() - started > ms) throw new Error(`no "${text}" within ${ms} ms:\n${run.out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
