/**
 * The built server (dist/main.js, what `npm start` runs) opens its port only once start-up is done: a
 * client knocking from the moment the process is spawned is refused until then, and the first answer it
 * gets already accepts the first-start superuser's token and finds the job worker running; with
 * WEB_CONCURRENCY=2 as well (the HTTP processes are forked after the first process's start-up). The hint
 * about creating a superuser is printed only when the database has none.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, until } from '../helpers/process.ts';
import { AUTH, createDatabase, databaseUrl, dropDatabase, TOKEN } from '../helpers/server.ts';

/** the start of the hint (as it read before it was printed only without a superuser, too) */
const HINT = 'No superuser';

interface Started {
  readonly child: ChildProcess;
  readonly port: number;
  out(): string;
  readonly exited: Promise<number | null>;
}

function startBuilt(database: string, env: Record<string, string>): Promise<Started> {
  return freePort().then((port) => {
    const child = spawn(process.execPath, ['dist/main.js'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(database),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-order-')),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (out += String(d)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, port, out: () => out, exited };
  });
}

interface FirstAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** how the attempts before it failed (each kind once): only refusals when nothing listened early */
  readonly failures: readonly string[];
  readonly attempts: number;
}

/** GET /api/status/ with the token, again and again from now, until something answers; the first answer. */
async function firstAnswer(s: Started, deadlineMs = 150_000): Promise<FirstAnswer> {
  const failures = new Set<string>();
  const started = Date.now();
  for (let attempts = 1; Date.now() - started < deadlineMs; attempts++) {
    if (s.child.exitCode !== null) throw new Error(`exited (${s.child.exitCode}) before answering:\n${s.out()}`);
    try {
      const r = await fetch(`http://127.0.0.1:${s.port}/api/status/`, {
        headers: AUTH,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown>, failures: [...failures], attempts };
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause;
      failures.add(cause?.code ?? (e as Error).name);
      // a few hundred knocks a second: fine-grained, without taking a core from the server starting up
      await new Promise((r) => setTimeout(r, 3));
    }
  }
  throw new Error(`no answer within ${deadlineMs} ms:\n${s.out()}`);
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode !== null) return;
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
}

const databases: string[] = [];
beforeAll(() => {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
}, 120_000);
afterAll(async () => {
  for (const d of databases) await dropDatabase(d);
});

/** A start knocked at from its spawn: refused until the port opens, then answered with the token accepted. */
async function expectReadyAtFirstAnswer(s: Started): Promise<void> {
  const answer = await firstAnswer(s);
  expect(answer.failures, s.out()).toEqual(['ECONNREFUSED']);
  expect(answer.attempts).toBeGreaterThan(1); // knocking began before the port opened
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  // the job worker, started before the port opened, has registered
  expect(answer.body['rq-workers-running']).toBeGreaterThanOrEqual(1);
}

describe('start-up order', () => {
  it('answers no request before the superuser, its token and the job worker are ready', async () => {
    const db = await createDatabase(true); // empty: the first start migrates it
    databases.push(db);
    const first = await startBuilt(db, {
      SUPERUSER_NAME: 'admin',
      SUPERUSER_PASSWORD: 'admin-password',
      SUPERUSER_API_TOKEN: TOKEN,
    });
    try {
      await expectReadyAtFirstAnswer(first);
      // start-up had ended (the line is written before the first connection is taken) when the answer came
      expect(first.out()).toContain('API listening');
      await until(first, 'Log in at');
      expect(first.out()).toContain('Superuser "admin" created');
      expect(first.out()).not.toContain(HINT);
    } finally {
      await stop(first);
    }

    // the superuser is in the database now: no hint without SUPERUSER_* either
    const second = await startBuilt(db, {});
    try {
      await until(second, 'Log in at', 120_000);
      expect(second.out()).not.toContain(HINT);
      expect(second.out()).not.toContain('created');
    } finally {
      await stop(second);
    }

    // two HTTP processes, forked once the first process's start-up is done; the console says the same
    const third = await startBuilt(db, { WEB_CONCURRENCY: '2' });
    try {
      await expectReadyAtFirstAnswer(third);
      await until(third, 'Log in at');
      expect(third.out()).toContain('2 processes');
      expect(third.out()).not.toContain(HINT);
    } finally {
      await stop(third);
    }
  }, 480_000);

  it('says how to create a superuser when the database has none', async () => {
    const db = await createDatabase();
    databases.push(db);
    const s = await startBuilt(db, {});
    try {
      await until(s, 'Log in at', 120_000);
      expect(s.out()).toContain(
        `${HINT} yet: create one with \`npm run manage -- createsuperuser --username <name>\` (or set SUPERUSER_NAME)`,
      );
    } finally {
      await stop(s);
    }
  }, 180_000);
});
