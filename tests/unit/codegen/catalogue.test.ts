/**
 * The catalogue loader and validator over the small fixture: faults reported by YAML path, all at once
 * (tests/codegen/catalogue.test.ts edits the project's catalogue).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CatalogueError, parseCatalogue, type CatalogueFiles } from '../../../codegen/catalogue/load.ts';
import { faultsFrom } from '../../helpers/catalogue-faults.ts';
import { validateCatalogue } from '../../../codegen/catalogue/validate.ts';
import { generate } from '../../../codegen/pipeline.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');

const faultsOf = (files: CatalogueFiles) => faultsFrom(() => generate(files));

describe('catalogue validation', () => {
  it('accepts the fixture', () => {
    expect(faultsOf({ 'shop.yaml': small })).toEqual([]);
  });

  it('reports structural faults with their paths', () => {
    const field = 'count: {type: integer, min: 0, max: 10, default: 0}';
    const bogus = faultsOf({ 'shop.yaml': small.replace(field, 'count: {type: integer, bogus: 1}') });
    expect(bogus).toEqual(['shop.yaml: models.widget.fields.count: unknown key "bogus"']);
    // an unknown type has no keys to check them against: its fault comes alone
    const typo = faultsOf({ 'shop.yaml': small.replace(field, 'count: {type: integr, bogus: 1}') });
    expect(typo).toHaveLength(1);
    expect(typo[0]).toMatch(
      /^shop\.yaml: models\.widget\.fields\.count\.type: must be equal to one of the allowed values/,
    );
  });

  it('reports every cross-model fault at once', () => {
    const text = small
      .replace(
        'shelf: {type: fk, to: shop.shelf, required: true, on_delete: protect}',
        'shelf: {type: fk, to: shop.shelv, required: true}',
      )
      .replace('brief: [id, url, display, name]', 'brief: [id, url, display, nam]');
    const raw = parseCatalogue({ 'shop.yaml': text });
    expect(() => validateCatalogue(raw)).toThrow(CatalogueError);
    const faults = faultsOf({ 'shop.yaml': text });
    expect(faults).toContain('shop.yaml: models.widget.fields.shelf: unknown model "shop.shelv"');
    expect(faults).toContain('shop.yaml: models.widget.brief: unknown field "nam"');
  });

  it('rejects YAML that does not parse', () => {
    expect(faultsOf({ 'models/shop.yaml': 'models: [' })[0]).toMatch(/^models\/shop\.yaml: /);
  });
});

describe('features', () => {
  it('need the models the runtime relies on', () => {
    const text = small.replace('features: []', 'features: [tags]');
    expect(faultsOf({ 'shop.yaml': text })).toContain(
      'shop.yaml: models.shelf.features: "tags" needs the model extras.tag in the catalogue',
    );
  });
});
