/** `npm run generate` as a command: drift check, invalid catalogue writes nothing. */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const tmp = join('.test-data', `cli-${process.pid}`);
mkdirSync(tmp, { recursive: true });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(args: string[]) {
  const r = spawnSync('node_modules/.bin/tsx', ['codegen/cli.ts', ...args], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('generate --check', () => {
  it('passes on the committed tree', () => {
    const r = run(['--check', '--no-migration']);
    expect(r.out).toContain('is up to date');
    expect(r.code).toBe(0);
  });

  it('fails naming each stale file', () => {
    const out = join(tmp, 'stale');
    cpSync('generated', out, { recursive: true });
    appendFileSync(join(out, 'db/dcim.ts'), '// hand edit\n');
    writeFileSync(join(out, 'extra.ts'), '');
    rmSync(join(out, 'filters/users.ts'));
    const r = run(['--check', '--no-migration', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`changed: ${out}/db/dcim.ts`);
    expect(r.out).toContain(`extra:   ${out}/extra.ts`);
    expect(r.out).toContain(`missing: ${out}/filters/users.ts`);
  });
});

describe('an invalid catalogue', () => {
  it('exits 1 with the fault, named by file and YAML path, and writes nothing', () => {
    const bad = join(tmp, 'bad');
    mkdirSync(bad, { recursive: true });
    writeFileSync(
      join(bad, 'dcim.yaml'),
      'models:\n  thing:\n    class: Thing\n    path: things\n    display: "{name}"\n' +
        '    fields:\n      name: {type: choice, choices: nope}\n',
    );
    const out = join(tmp, 'never');
    const r = run(['--catalogue', bad, '--out', out, '--no-migration']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${bad}/dcim.yaml: models.thing.fields.name: unknown choice set "nope"`);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    // one file is a catalogue of one app
    const one = run(['--catalogue', join(bad, 'dcim.yaml'), '--out', out, '--no-migration']);
    expect(one.out).toContain(`${bad}/dcim.yaml: models.thing.fields.name: unknown choice set "nope"`);
  });
});

// each case runs the generator two or three times: minutes on a busy machine
describe('a renamed field', { timeout: 300_000 }, () => {
  /** A copy of models/ and migrations/ whose site model's entry is edited by `edit`, generated. */
  function generateEdited(name: string, from: string, edit: (yaml: string) => string) {
    const dir = join(tmp, name);
    cpSync(join(from, 'models'), join(dir, 'models'), { recursive: true });
    cpSync(join(from, 'migrations'), join(dir, 'migrations'), { recursive: true });
    const file = join(dir, 'models', 'dcim.yaml');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    const before = new Set(readdirSync(join(dir, 'migrations')));
    const r = run([
      '--catalogue',
      join(dir, 'models'),
      '--out',
      join(dir, 'generated'),
      '--migrations',
      join(dir, 'migrations'),
    ]);
    const added = readdirSync(join(dir, 'migrations')).filter((f) => !before.has(f) && f.endsWith('.sql'));
    return { ...r, dir, sql: added.map((f) => readFileSync(join(dir, 'migrations', f), 'utf8')) };
  }
  const facility = '      facility: {type: string, max_length: 50, help_text: Local facility ID or description}\n';
  const withNick = (y: string) => y.replace(facility, `${facility}      nick: {type: string, max_length: 20}\n`);

  let added: ReturnType<typeof generateEdited>;
  beforeAll(() => {
    added = generateEdited('nick', '.', withNick);
    expect(added.code, added.out).toBe(0);
  }, 300_000);

  it('is renamed by its migration, keeping its column, and the rename changes nothing once made', () => {
    const renamed = generateEdited('renamed', added.dir, (y) =>
      y.replace('      nick: {type: string', '      nickname: {renamed_from: nick, type: string'),
    );
    expect(renamed.code, renamed.out).toBe(0);
    expect(renamed.sql).toEqual([
      'ALTER TABLE "dcim_site" RENAME COLUMN "nick" TO "nickname";--> statement-breakpoint\n',
    ]);
    const check = run([
      '--check',
      '--catalogue',
      join(renamed.dir, 'models'),
      '--out',
      join(renamed.dir, 'generated'),
      '--migrations',
      join(renamed.dir, 'migrations'),
    ]);
    expect(check.code, check.out).toBe(0);
  });

  it('is refused with what to do when a field is removed and another added without renamed_from', () => {
    const r = generateEdited('swapped', added.dir, (y) =>
      y.replace('      nick: {type: string', '      other: {type: string'),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('renamed_from: <old name>');
    expect(r.out).not.toMatch(/\n\s+at /);
    expect(r.sql).toEqual([]);
  });

  it('may not take the name of a field the model has', () => {
    const r = generateEdited('clash', '.', (y) =>
      y.replace(facility, `${facility}      nick: {renamed_from: facility, type: string}\n`),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('models.site.fields.nick.renamed_from: "facility" is a field of dcim.site');
  });
});
