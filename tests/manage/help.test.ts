/**
 * `npm run manage` as a user meets it before any database: the list of commands (`--help`, `-h`, `help`, no
 * command at all), each command's `--help`/`-h`/`help <command>` with exactly its options, exit code 0;
 * an unknown option, a missing value or an unknown command is one line on stderr naming it and pointing
 * at `--help`, exit code 1, never a stack trace. DATABASE_URL points nowhere: none of this may need it.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface Result {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

function run(program: string[], args: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const [bin, ...rest] = program;
    const child = spawn(bin!, [...rest, ...args], {
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (err += String(d)));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

const manage = (...args: string[]) => run([process.execPath, '--import', 'tsx', 'scripts/manage.ts'], args);

/** Each command's options as its help names them, and the ones it cannot run without. */
const commands: Record<string, { options: string[]; required?: string[] }> = {
  createsuperuser: { options: ['--username NAME', '--email EMAIL', '--password PASSWORD'], required: ['--username'] },
  changepassword: { options: ['--username NAME', '--password PASSWORD'], required: ['--username'] },
  'create-token': { options: ['--username NAME', '--description TEXT', '--read-only'], required: ['--username'] },
  migrate: { options: [] },
  'prune-changelog': { options: [] },
  webhook_receiver: { options: ['--port PORT', '--host HOST', '--no-headers'] },
  'import-netbox': {
    options: [
      '--url URL',
      '--token TOKEN',
      '--merge',
      '--resume',
      '--with-changelog',
      '--generate-passwords',
      '--superuser NAME',
      '--no-verify',
      '--concurrency N',
      '--page-size N',
      '--request-timeout S',
      '--retry-time S',
      '--report FILE',
    ],
    required: ['--url', '--token'],
  },
};

/** The option lines of a help text: `  --name VALUE  what it is for`. */
const optionLines = (help: string) => help.split('\n').filter((l) => /^ {2}-/.test(l));

describe('npm run manage help', () => {
  it('lists every command with a line on what it does, for --help, -h, help and no command, exit 0', async () => {
    const results = await Promise.all([[], ['--help'], ['-h'], ['help']].map((args) => manage(...args)));
    for (const r of results) {
      expect(r.code, r.err).toBe(0);
      expect(r.err).toBe('');
      expect(r.out).toBe(results[0]!.out);
    }
    const text = results[0]!.out;
    expect(text).toMatch(/^usage: npm run manage -- <command> \[options\]\n/);
    for (const name of Object.keys(commands)) expect(text).toMatch(new RegExp(`^ {2}${name} +\\w.{10,}$`, 'm'));
    expect(text).toContain('npm run manage -- <command> --help');
  }, 60_000);

  it.each(Object.entries(commands))(
    '%s --help shows its options and exits 0',
    async (name, want) => {
      const [long, short, viaHelp] = await Promise.all([
        manage(name, '--help'),
        manage(name, '-h'),
        manage('help', name),
      ]);
      expect(long.code, long.err).toBe(0);
      expect(long.err).toBe('');
      expect(short.out).toBe(long.out);
      expect(viaHelp.out).toBe(long.out);
      const required = want.options.filter((o) => want.required?.includes(o.split(' ')[0]!));
      const optional = want.options.length > required.length ? ['[options]'] : [];
      expect(long.out.split('\n')[0]).toBe(['usage: npm run manage --', name, ...required, ...optional].join(' '));
      const lines = optionLines(long.out);
      expect(lines.map((l) => l.trim().split(/ {2,}/)[0])).toEqual([...want.options, '-h, --help']);
      for (const l of lines) expect(l.trim().split(/ {2,}/)[1]).toMatch(/\w{3}/); // each says what it is for
      for (const r of want.required ?? []) expect(lines.find((l) => l.includes(`${r} `))).toContain('(required)');
    },
    60_000,
  );

  it.each(Object.entries(commands))(
    '%s with an unknown option: one line naming it, exit 1',
    async (name, want) => {
      const given = (want.required ?? []).flatMap((o) => [o, 'x']);
      const r = await manage(name, ...given, '--bogus');
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err).toBe(`${name}: unknown option --bogus (see npm run manage -- ${name} --help)\n`);
    },
    60_000,
  );

  it('names a missing value, a missing required option and an unknown command in one line each', async () => {
    const [noValue, missing, unknown] = await Promise.all([
      manage('create-token', '--username'),
      manage('import-netbox', '--url', 'http://netbox.example.com', '--resume'),
      manage('createtoken', '--username', 'x'),
    ]);
    expect([noValue.code, missing.code, unknown.code]).toEqual([1, 1, 1]);
    expect(noValue.err).toBe(
      'create-token: --username needs a value (one that begins with "-" is written --username=-…) ' +
        '(see npm run manage -- create-token --help)\n',
    );
    expect(missing.err).toBe('import-netbox: give --token TOKEN (see npm run manage -- import-netbox --help)\n');
    expect(unknown.err).toBe('unknown command "createtoken" (see npm run manage -- --help)\n');
  }, 60_000);

  it('answers through npm as the README shows it', async () => {
    const npm = (...args: string[]) => run(['npm', '--silent', 'run', 'manage', '--'], args);
    const [top, token] = await Promise.all([npm('--help'), npm('create-token', '--help')]);
    expect(top.code, top.err).toBe(0);
    expect(top.out).toContain('  create-token ');
    expect(token.code, token.err).toBe(0);
    expect(token.out).toMatch(/^usage: npm run manage -- create-token --username NAME \[options\]\n/);
    expect(token.err).not.toContain('ERR_PARSE_ARGS');
  }, 60_000);

  it('npm run webhook-receiver -- --help describes the same options as the manage command', async () => {
    const [own, viaManage] = await Promise.all([
      run([process.execPath, '--import', 'tsx', 'scripts/webhook-receiver.ts'], ['--help']),
      manage('webhook_receiver', '--help'),
    ]);
    expect(own.code, own.err).toBe(0);
    expect(own.out.split('\n')[0]).toBe('usage: npm run webhook-receiver -- [options]');
    expect(optionLines(own.out)).toEqual(optionLines(viaManage.out));
  }, 60_000);
});
