/**
 * runtime/http/log-buffer.ts in a process of its own, writing to a pipe as a deployment's log
 * collector reads it: lines come out in order and in few writes, none is lost when the process exits
 * before the batch was due, and a reader that goes away does not end the process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const module = fileURLToPath(new URL('../../../runtime/http/log-buffer.ts', import.meta.url));

function run(script: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('log lines written in batches', () => {
  it('writes every line, in order, when the process exits at once', () => {
    const out = run(`import { logLine } from ${JSON.stringify(module)};
      for (let i = 0; i < 5; i++) logLine('line ' + i);
      process.exit(0);`);
    expect(out).toBe('line 0\nline 1\nline 2\nline 3\nline 4\n');
  });

  it('writes a batch once it waited long enough, while the process goes on', () => {
    const out = run(`import { logLine } from ${JSON.stringify(module)};
      const write = process.stdout.write.bind(process.stdout);
      let writes = 0;
      process.stdout.write = (chunk, ...rest) => { writes++; return write(chunk, ...rest); };
      for (let i = 0; i < 100; i++) logLine('request ' + i);
      setTimeout(() => { write('writes ' + writes + '\\n'); process.exit(0); }, 500);`);
    const lines = out.trim().split('\n');
    expect(lines.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => `request ${i}`));
    expect(lines[100]).toBe('writes 1');
  });

  it('writes at once when a batch is full', () => {
    const out = run(`import { logLine } from ${JSON.stringify(module)};
      const line = 'x'.repeat(1023);
      for (let i = 0; i < 64; i++) logLine(line);
      process.stdout.write('after\\n');
      process.exit(0);`);
    expect(out.split('\n').indexOf('after')).toBe(64);
  });

  it('goes on when the reader of its output goes away', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { logLine } from ${JSON.stringify(module)};
        let i = 0;
        const t = setInterval(() => {
          logLine('line ' + i++);
          if (i > 40) { clearInterval(t); setTimeout(() => process.stderr.write('went on'), 200); }
        }, 10);`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(err).toContain('went on');
    expect(code).toBe(0);
  }, 30_000);
});
