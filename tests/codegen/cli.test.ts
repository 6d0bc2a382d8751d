/** `npm run generate` as a command: drift check, invalid catalogue writes nothing. */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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
