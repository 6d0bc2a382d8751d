/**
 * The small catalogue fixture (tests/codegen/fixtures/small/shop.yaml) normalised, as is or after edits
 * of its text: what the normaliser's unit tests (tests/unit/codegen/normalize*.test.ts) start from.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { parseCatalogue } from '../../codegen/catalogue/load.ts';
import { normalizeCatalogue } from '../../codegen/catalogue/normalize.ts';
import type { Catalogue } from '../../runtime/catalogue/index.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');

/** The fixture normalised, after replacing each `[from, to]` text of it. */
export function normalizedSmall(...edits: [string, string][]): Catalogue {
  let text = small;
  for (const [from, to] of edits) {
    expect(text, `the fixture has ${from}`).toContain(from);
    text = text.replace(from, to);
  }
  return normalizeCatalogue(parseCatalogue({ 'shop.yaml': text }));
}
