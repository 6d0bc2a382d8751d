/** The catalogue loader and validator: faults reported by YAML path, all at once. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CatalogueError, parseCatalogue, readCatalogue, type CatalogueFiles } from '../../codegen/catalogue/load.ts';
import { faultsFrom } from '../helpers/catalogue-faults.ts';
import { validateCatalogue } from '../../codegen/catalogue/validate.ts';
import { generate } from '../../codegen/pipeline.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');
const project = readCatalogue('models');

/** The project's catalogue with one file's text edited. */
function edited(file: string, edit: (text: string) => string): CatalogueFiles {
  return { ...project, [file]: edit(project[file]!) };
}

const faultsOf = (files: CatalogueFiles) => faultsFrom(() => generate(files));

describe('catalogue validation', () => {
  it('accepts the fixture and the project catalogue', () => {
    expect(faultsOf({ 'shop.yaml': small })).toEqual([]);
    expect(faultsOf(project)).toEqual([]);
  });

  it('names the YAML path of an unknown choice set', () => {
    const files = edited('models/dcim.yaml', (text) =>
      text.replace(
        'status: {type: choice, choices: site_status, default: active}',
        'status: {type: choice, choices: site_statu, default: active}',
      ),
    );
    expect(faultsOf(files)).toContain('models/dcim.yaml: models.site.fields.status: unknown choice set "site_statu"');
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

  it('names the declared filter that reaches nothing or starts from a relation pointing elsewhere', () => {
    const files = edited('models/dcim.yaml', (text) =>
      text
        .replace('model: {filter: device_type,', 'model: {filter: device_typo,')
        .replace('parent_bay_id: {from: dcim.devicebay.installed_device,', 'parent_bay_id: {from: dcim.site.region,'),
    );
    const faults = faultsOf(files);
    expect(faults).toContain(
      'models/dcim.yaml: models.device.filters.model: reaches no field or filter of that name from dcim.device',
    );
    const from = '"from: dcim.site.region" is not a relation pointing at dcim.device';
    expect(faults).toContain(`models/dcim.yaml: models.device.filters.parent_bay_id: ${from}`);
  });

  it('refuses display rules that show themselves through their relations', () => {
    const files = edited('models/tenancy.yaml', (text) =>
      text.replace(
        'brief: [id, url, display, name, slug, description, tenant_count, _depth]',
        'brief: [id, url, display, name, slug, description, tenant_count, _depth]\n    display: "{name} in {parent}"',
      ),
    );
    expect(faultsOf(files)).toEqual([
      'models/tenancy.yaml: models.tenantgroup.display: shows itself through relations ' +
        '(tenancy.tenantgroup -> tenancy.tenantgroup)',
    ]);
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
