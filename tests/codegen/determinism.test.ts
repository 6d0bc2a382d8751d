/**
 * The generator gives the same bytes twice over the project's whole catalogue (seconds of work, so it is
 * not in the unit tier, which runs the emitters over the small fixture).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/pipeline.ts';

describe('determinism', () => {
  it('produces the same bytes twice', () => {
    const a = generate(readFileSync('models.yaml', 'utf8')).files;
    const b = generate(readFileSync('models.yaml', 'utf8')).files;
    expect([...a.entries()]).toEqual([...b.entries()]);
  });
});
