/**
 * The generator gives the same bytes twice over the project's whole catalogue (seconds of work, so it is
 * not in the unit tier, which runs the emitters over the small fixture).
 */
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../codegen/catalogue/load.ts';
import { generate } from '../../codegen/pipeline.ts';

describe('determinism', () => {
  it('produces the same bytes twice', () => {
    const a = generate(readCatalogue('models')).files;
    const b = generate(readCatalogue('models')).files;
    expect([...a.entries()]).toEqual([...b.entries()]);
  });
});
