/**
 * Source lines stay within 120 characters (prettier's print width, which cannot break a long string or
 * comment by itself): a long SQL statement is written on several lines, a long message as joined parts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX = 120;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'fixtures' || name === 'golden' ? [] : files(p);
    return /\.(ts|js)$/.test(name) ? [p] : [];
  });
}

describe('source lines', () => {
  it(`are at most ${MAX} characters in runtime/, codegen/, scripts/, tests/ and public/`, () => {
    const all = ['runtime', 'codegen', 'scripts', 'tests', 'public'].flatMap(files);
    expect(all.length).toBeGreaterThan(200);
    const long = all.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.length > MAX ? [`${file}:${i + 1} (${line.length})`] : [])),
    );
    expect(long).toEqual([]);
  });
});
