/**
 * generated/models.schema.json as an editor reads it (a plain JSON Schema validator, none of the
 * loader's options) accepts each file of models/ and refuses an unknown key. It parses the whole project
 * catalogue (seconds of work), so it is not in the unit tier, which checks the schema over the small fixture.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../codegen/catalogue/load.ts';

describe('generated/models.schema.json', () => {
  it('accepts each file of models/ as an editor reads it', () => {
    const text = readFileSync('generated/models.schema.json', 'utf8');
    const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(text));
    for (const [path, yaml] of Object.entries(readCatalogue('models'))) {
      const doc = parse(yaml, { maxAliasCount: 1000 });
      expect(validate(doc), `${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      expect(validate({ ...doc, modles: {} })).toBe(false);
    }
  });
});
